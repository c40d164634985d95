import type {
  GatewaySummary,
  Notification,
  ProjectItem,
  ProjectRole,
} from '@atrium/contracts/project';
import { DEFAULT_LOGGER, onlineIndicator, projectFeatures } from '@atrium/contracts/project';
import { newId } from '../../lib/ids';
import {
  isGatewayType,
  parseAddons,
  parseNotification,
  toLogger,
} from '../../lib/tenancy/stored-values';
import type { ProjectRow } from './projects.repository';

/** Viewers see which notifications are on, never the addresses or Pushover keys. */
const redacted = (n: Notification): Notification => ({
  email: { ...n.email, options: { mails: [] } },
  pushover: { ...n.pushover, options: { user: '', token: '' } },
});

export interface SummaryRow {
  mac: string;
  name: string;
  type: string;
  online: number;
  connection: number;
  version: string | null;
  project_id: string | null;
}

/** Summaries grouped by project id, in the rows' order. */
export function groupSummaries(rows: readonly SummaryRow[]): Map<string, GatewaySummary[]> {
  const byProject = new Map<string, GatewaySummary[]>();
  for (const r of rows) {
    if (!r.project_id || !isGatewayType(r.type)) continue;
    const list = byProject.get(r.project_id) ?? [];
    list.push({
      mac: r.mac,
      name: r.name,
      type: r.type,
      online: r.online === 1,
      connection: r.connection === 1,
      version: r.version,
      project: r.project_id,
    });
    byProject.set(r.project_id, list);
  }
  return byProject;
}

/** A project as the list shows it to a caller with `role`. */
export function toProjectItem(
  p: ProjectRow,
  gateways: GatewaySummary[],
  role: ProjectRole,
): ProjectItem {
  const logger = toLogger(p);
  const notification = parseNotification(p.notification);
  const licences = { bossnx: p.licence_bossnx, chartnx: p.licence_chartnx };
  const addons = parseAddons(p.addons);
  return {
    _id: p.id,
    name: p.name,
    team: p.team_id,
    role,
    gateways,
    online: onlineIndicator(gateways),
    connection: gateways.some((g) => g.connection),
    logger,
    notification: role === 'viewer' ? redacted(notification) : notification,
    licences,
    addons,
    features: projectFeatures({ logger, notification, licences, addons }),
    createdAt: Number(p.created_at),
  };
}

/** A new project with the defaults of document 2 §3. */
export function newProjectRow(teamId: string, name: string): ProjectRow {
  const now = Date.now();
  const l = DEFAULT_LOGGER;
  return {
    id: newId(),
    team_id: teamId,
    name,
    name_key: name.toLowerCase(),
    licence_bossnx: 0,
    licence_chartnx: 0,
    addons: '',
    logger_subscription: l.subscription,
    logger_retention: l.retention,
    logger_endlogdate: l.endlogdate,
    logger_pause: 0,
    logger_status: l.status,
    logger_vpn: l.vpn,
    logger_vpn_licence: l.vpn_licence,
    logger_address: l.address,
    logger_max_thresholds: l.maxThresholds,
    voltage_activate: 0,
    voltage_minimum: null,
    voltage_maximum: null,
    notification: null,
    logger_thresholds: null,
    created_at: now,
    updated_at: now,
  };
}
