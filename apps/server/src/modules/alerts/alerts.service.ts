import {
  ALERTS_PAGE_MAX,
  DEFAULT_QUIET_HOURS,
  dptMainType,
  thresholdsAllowed,
  type Alert,
  type AlertKind,
  type AlertSettings,
  type AlertsReply,
  type Threshold,
} from '@atrium/contracts/alerts';
import type { ModbusValueRef } from '@atrium/contracts/modbus';
import { valueIdOf } from '@atrium/contracts/modbus-measurement';
import type { Notification } from '@atrium/contracts/project';
import { formatDpt, tryParseDpt } from '@atrium/knx/dpt-id';
import { convertGroupAddress } from '@atrium/knx/group-address';
import { z } from 'zod';
import type {
  alertsQuery,
  muteBody,
  notificationBody,
  thresholdsBody,
} from '@atrium/contracts/alerts';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../../lib/session-user';
import { isGatewayType, parseThresholds } from '../../lib/tenancy/stored-values';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { AlertRow, AlertsRepository } from './alerts.repository';
import type { AlertEngine } from './alert-engine';
import { parseSettings } from './rule-index';

export interface AlertsServiceDeps {
  repo: AlertsRepository;
  projects: ProjectsRepository;
  gateways: Pick<GatewaysRepository, 'listByProject'>;
  engine: Pick<AlertEngine, 'reloadProject' | 'reloadMutes'>;
  addressNames: (projectId: string) => Promise<ReadonlyMap<string, string>>;
  modbusValues: (projectId: string) => Promise<readonly ModbusValueRef[]>;
}

type ThresholdsBody = z.output<typeof thresholdsBody>;
type NotificationBody = z.output<typeof notificationBody>;
type AlertsQuery = z.output<typeof alertsQuery>;
type MuteBody = z.output<typeof muteBody>;

/** A group address in 3-level form, or 400 invalidGroupAddress. */
function address(text: string): string {
  try {
    return convertGroupAddress(text);
  } catch {
    throw new AppError('invalidGroupAddress', `Not a group address: ${text}`);
  }
}

const parseProblem = (text: string | null | undefined) => {
  if (!text) return null;
  try {
    const p = JSON.parse(text) as { at?: unknown; reason?: unknown };
    return { at: Number(p.at ?? 0), reason: typeof p.reason === 'string' ? p.reason : '' };
  } catch {
    return null;
  }
};

/** A threshold on a Modbus value of the project read by `mac`, or 404 cannotFindAddress. */
function modbusThreshold(
  t: ThresholdsBody['thresholds'][number],
  mac: string,
  values: readonly ModbusValueRef[],
  known: ReadonlySet<string>,
): Threshold {
  const valueId = valueIdOf(t.address);
  if (!values.some((v) => v.id === valueId && v.gatewayMac === mac)) {
    throw new AppError('cannotFindAddress', `No Modbus value ${t.address} on ${mac}`, {
      addresses: [t.address],
    });
  }
  return {
    _id: t._id && known.has(t._id) ? t._id : newId(),
    name: t.name,
    gateway: mac,
    address: t.address,
    dpt: '',
    type: t.type,
    value: t.value ?? 0,
    enabled: t.enabled,
  };
}

/** What the console's alert screens call: thresholds, notifications, history, mutes, settings. */
export class AlertsService {
  constructor(private readonly d: AlertsServiceDeps) {}

  private async project(projectId: string) {
    const project = await this.d.projects.findById(projectId);
    if (!project) throw notFound('project');
    return project;
  }

  private async gatewaysOf(projectId: string) {
    return new Map((await this.d.gateways.listByProject(projectId)).map((g) => [g.mac, g]));
  }

  /**
   * Replaces the project's thresholds (document 2 §5): at most the project's maximum
   * (thresholdsLimit), each on a gateway of the project (gatewayNotInProject) whose type and
   * firmware evaluate thresholds (thresholdsUnsupported). A rule sent with its `_id` keeps it.
   * A threshold on a Modbus value must name a value of the project read by that gateway
   * (404 cannotFindAddress, decision 0020).
   */
  async setThresholds(projectId: string, body: ThresholdsBody): Promise<Threshold[]> {
    const project = await this.project(projectId);
    if (body.thresholds.length > project.logger_max_thresholds) {
      throw new AppError(
        'thresholdsLimit',
        `At most ${project.logger_max_thresholds} thresholds on this project`,
      );
    }
    const gateways = await this.gatewaysOf(projectId);
    const known = new Set(parseThresholds(project.logger_thresholds).map((t) => t._id));
    const values = body.thresholds.some((t) => valueIdOf(t.address) !== null)
      ? await this.d.modbusValues(projectId)
      : [];
    const list = body.thresholds.map((t): Threshold => {
      const gw = gateways.get(t.gateway);
      if (!gw) throw new AppError('gatewayNotInProject', `${t.gateway} is not in this project`);
      if (!isGatewayType(gw.type) || !thresholdsAllowed(gw.type, gw.version)) {
        throw new AppError('thresholdsUnsupported', `${gw.name} cannot evaluate thresholds`, {
          mac: gw.mac,
        });
      }
      if (valueIdOf(t.address) !== null) return modbusThreshold(t, gw.mac, values, known);
      const dpt = tryParseDpt(t.dpt);
      const boolean = dptMainType(t.dpt) === 1;
      return {
        _id: t._id && known.has(t._id) ? t._id : newId(),
        name: t.name,
        gateway: gw.mac,
        address: address(t.address),
        dpt: dpt ? formatDpt(dpt) : t.dpt,
        type: t.type,
        value: boolean ? null : (t.value ?? 0),
        enabled: t.enabled,
      };
    });
    await this.d.projects.update(project, { logger_thresholds: JSON.stringify(list) });
    await this.d.engine.reloadProject(projectId);
    return list;
  }

  /** Saves the notification settings; a channel marked broken is given another chance. */
  async setNotification(projectId: string, body: NotificationBody): Promise<Notification> {
    const project = await this.project(projectId);
    const stored: Notification = {
      email: {
        enabled: body.email.enabled,
        options: {
          mails: body.email.options.mails.filter((m) => m !== '').map((m) => m.toLowerCase()),
        },
        events: body.email.events,
        quietHours: body.email.quietHours ?? DEFAULT_QUIET_HOURS,
      },
      pushover: {
        enabled: body.pushover.enabled,
        options: body.pushover.options,
        events: body.pushover.events,
        quietHours: body.pushover.quietHours ?? DEFAULT_QUIET_HOURS,
      },
      language: body.language ?? 'fr',
    };
    await this.d.projects.update(project, { notification: JSON.stringify(stored) });
    await this.d.repo.setProblem(projectId, 'email', null);
    await this.d.repo.setProblem(projectId, 'pushover', null);
    await this.d.engine.reloadProject(projectId);
    return stored;
  }

  /** The alert history, newest first, with the open count, channel problems and mutes. */
  async list(projectId: string, q: AlertsQuery): Promise<AlertsReply> {
    await this.project(projectId);
    const [rows, open, settings, mutes] = await Promise.all([
      this.d.repo.list(projectId, {
        mac: q.mac,
        kind: q.kind,
        state: q.state,
        before: q.before,
        limit: q.limit ?? 50,
      }),
      this.d.repo.countOpen(projectId),
      this.d.repo.settingsRow(projectId),
      this.d.repo.activeMutes(Date.now(), projectId),
    ]);
    return {
      alerts: await this.toAlerts(projectId, rows),
      open,
      problems: {
        email: parseProblem(settings?.email_problem),
        pushover: parseProblem(settings?.pushover_problem),
      },
      mutes: mutes.map((m) => ({
        _id: m.id,
        gateway: m.mac,
        until: m.until,
        createdAt: m.created_at,
      })),
    };
  }

  /** Rows as the console shows them, with gateway and ETS names. */
  async toAlerts(projectId: string, rows: AlertRow[]): Promise<Alert[]> {
    if (rows.length === 0) return [];
    const [gateways, names] = await Promise.all([
      this.d.repo.gatewayNames(projectId),
      this.d.addressNames(projectId).catch(() => new Map<string, string>()),
    ]);
    return rows.slice(0, ALERTS_PAGE_MAX).map((r) => ({
      _id: r.id,
      project: r.project_id,
      gateway: r.mac,
      gatewayName: gateways.get(r.mac) ?? null,
      kind: r.kind as AlertKind,
      rule: r.rule,
      address: r.address,
      addressName: r.address ? (names.get(r.address) ?? null) : null,
      condition: r.condition,
      limit: r.limit_value,
      unit: r.unit,
      value: r.value,
      raisedAt: Number(r.raised_at),
      clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
      clearValue: r.clear_value,
      muted: r.muted === 1,
    }));
  }

  openCounts(user: SessionUser) {
    return this.d.repo.openCounts(
      user.rank === 'admin'
        ? { all: true }
        : // A viewer-rank account counts only the projects it views (decision 0024).
          { teamId: user.rank === 'viewer' ? null : user.team, userId: user.id },
    );
  }

  /** Mutes the project, or one of its gateways, for `minutes`: alerts recorded, not sent. */
  async mute(projectId: string, user: SessionUser, body: MuteBody) {
    await this.project(projectId);
    if (body.gateway && !(await this.gatewaysOf(projectId)).has(body.gateway))
      throw new AppError('gatewayNotInProject', `${body.gateway} is not in this project`);
    const now = Date.now();
    const row = {
      id: newId(),
      project_id: projectId,
      mac: body.gateway ?? null,
      until: now + body.minutes * 60_000,
      created_by: user.id,
      created_at: now,
    };
    await this.d.repo.addMute(row);
    await this.d.engine.reloadMutes(projectId);
    return { _id: row.id, gateway: row.mac, until: row.until, createdAt: now };
  }

  async unmute(projectId: string, muteId: string) {
    if (!(await this.d.repo.removeMute(projectId, muteId)))
      throw new AppError('muteNotFound', 'No such mute on this project');
    await this.d.engine.reloadMutes(projectId);
  }

  async settings(projectId: string): Promise<AlertSettings> {
    await this.project(projectId);
    return parseSettings((await this.d.repo.settingsRow(projectId))?.settings ?? null);
  }

  /** Offline delay and watchdog; watched addresses must be on gateways of the project. */
  async saveSettings(projectId: string, s: AlertSettings): Promise<AlertSettings> {
    await this.project(projectId);
    const gateways = await this.gatewaysOf(projectId);
    const settings: AlertSettings = {
      ...s,
      stale: s.stale.map((w) => {
        if (!gateways.has(w.gateway))
          throw new AppError('gatewayNotInProject', `${w.gateway} is not in this project`);
        return { ...w, address: address(w.address) };
      }),
    };
    await this.d.repo.saveSettings(projectId, JSON.stringify(settings), Date.now());
    await this.d.engine.reloadProject(projectId);
    return settings;
  }
}
