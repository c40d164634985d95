import type { Notification } from '@atrium/contracts/project';
import type { Threshold } from '@atrium/contracts/alerts';
import type { AlertTable } from '../db/schema';
import { newId } from '../lib/ids';
import type { AlertsModule } from '../modules/alerts/alerts.module';
import type { GatewaysModule } from '../modules/gateways/gateways.module';
import type { ProjectsModule } from '../modules/projects/projects.module';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoAlertsModules {
  projects: Pick<ProjectsModule, 'repo'>;
  gateways: Pick<GatewaysModule, 'repo'>;
  alerts: Pick<AlertsModule, 'repo' | 'engine'>;
}

const EVENTS = { status: true, voltage: true, thresholds: true };
const QUIET = { enabled: false, start: '22:00', end: '07:00' };

/** E-mail on for the demo user (mails land in DATA_DIR/outbox without SMTP), Pushover off. */
const notificationFor = (mail: string): Notification => ({
  email: { enabled: true, options: { mails: [mail] }, events: EVENTS, quietHours: QUIET },
  pushover: {
    enabled: false,
    options: { user: '', token: '' },
    events: EVENTS,
    quietHours: QUIET,
  },
  language: 'fr',
});

type Seeded = Omit<AlertTable, 'id' | 'project_id' | 'muted' | 'cleared_at' | 'clear_value'> & {
  cleared_at?: number;
  clear_value?: number;
};

/**
 * Alerts on the demo projects, so that a first visit shows what they look like: Villa Rose
 * has thresholds, voltage limits and e-mail notifications, a week of past alerts and its
 * offline gate's open alert; Bureaux Lyon has its offline floor's open alert and a past
 * bus load alert.
 */
export async function seedDemoAlerts(m: DemoAlertsModules, teamId: string, mail: string) {
  const now = Date.now();
  const projects = await m.projects.repo.listByTeam(teamId);
  const byName = new Map(projects.map((p) => [p.name, p]));
  const villa = byName.get('Villa Rose');
  const lyon = byName.get('Bureaux Lyon');
  if (!villa || !lyon) return;
  const gw = async (projectId: string) =>
    new Map((await m.gateways.repo.listByProject(projectId)).map((g) => [g.name, g]));
  const villaGw = await gw(villa.id);
  const lyonGw = await gw(lyon.id);
  const salon = villaGw.get('Salon');
  const piscine = villaGw.get('Piscine');
  const portail = villaGw.get('Portail');
  const etage1 = lyonGw.get('Étage 1');
  const etage2 = lyonGw.get('Étage 2');
  if (!salon || !piscine || !portail || !etage1 || !etage2) return;

  const rule = (t: Omit<Threshold, '_id' | 'enabled'>): Threshold => ({
    _id: newId(),
    enabled: true,
    ...t,
  });
  const [hot, co2, water, leak] = [
    rule({
      name: 'Séjour trop chaud',
      gateway: salon.mac,
      address: '1/1/1',
      dpt: '9.001',
      type: '>',
      value: 26,
    }),
    rule({
      name: 'CO₂ séjour',
      gateway: salon.mac,
      address: '1/2/1',
      dpt: '9.008',
      type: '>',
      value: 1200,
    }),
    rule({
      name: 'Eau froide',
      gateway: piscine.mac,
      address: '2/1/1',
      dpt: '9.001',
      type: '<',
      value: 24,
    }),
    rule({
      name: 'Fuite cuisine',
      gateway: salon.mac,
      address: '1/3/1',
      dpt: '1.005',
      type: 'isTrue',
      value: null,
    }),
  ] as const;
  await m.projects.repo.update(villa, {
    logger_thresholds: JSON.stringify([hot, co2, water, leak]),
    voltage_activate: 1,
    voltage_minimum: 24,
    voltage_maximum: 32,
    notification: JSON.stringify(notificationFor(mail)),
  });

  const alerts: [string, Seeded][] = [
    [villa.id, threshold(hot, 26.8, now - 3 * DAY - 5 * HOUR, 25.6, 2 * HOUR)],
    [villa.id, threshold(co2, 1350, now - DAY - 3 * HOUR, 1080, 40 * MINUTE)],
    [villa.id, threshold(water, 22.9, now - 5 * DAY, 24.5, 9 * HOUR)],
    [
      villa.id,
      {
        ...noRule(salon.mac, 'voltage', `voltage:${salon.mac}`, now - 6 * DAY),
        condition: '< 24',
        limit_value: 24,
        unit: 'V',
        value: 23.1,
        cleared_at: now - 6 * DAY + 12 * MINUTE,
        clear_value: 28.9,
      },
    ],
    [villa.id, status(portail.mac, now - 5 * HOUR)],
    [lyon.id, status(etage2.mac, now - 48 * HOUR)],
    [
      lyon.id,
      {
        ...noRule(etage1.mac, 'busload', `busload:${etage1.mac}`, now - 2 * DAY - 7 * HOUR),
        condition: '> 60',
        limit_value: 60,
        unit: '%',
        value: 71,
        cleared_at: now - 2 * DAY - 6 * HOUR,
        clear_value: 18,
      },
    ],
  ];
  for (const [projectId, a] of alerts) {
    await m.alerts.repo.raise({
      ...a,
      id: newId(),
      project_id: projectId,
      muted: 0,
      cleared_at: a.cleared_at ?? null,
      clear_value: a.clear_value ?? null,
    });
  }
  await m.alerts.engine.reload();
}

function threshold(
  t: Threshold,
  value: number,
  at: number,
  clearValue: number,
  lasted: number,
): Seeded {
  return {
    mac: t.gateway,
    kind: 'threshold',
    rule_key: `threshold:${t._id}`,
    rule: t.name,
    address: t.address,
    condition: `${t.type} ${t.value ?? 0}`,
    limit_value: t.value,
    unit: t.dpt === '9.008' ? 'ppm' : '°C',
    value,
    raised_at: at,
    cleared_at: at + lasted,
    clear_value: clearValue,
  };
}

function noRule(mac: string, kind: string, key: string, at: number): Seeded {
  return {
    mac,
    kind,
    rule_key: key,
    rule: null,
    address: null,
    condition: null,
    limit_value: null,
    unit: null,
    value: null,
    raised_at: at,
  };
}

/** An open offline alert, raised a minute (the default delay) after the gateway went. */
const status = (mac: string, offlineSince: number): Seeded => ({
  ...noRule(mac, 'status', `status:${mac}`, offlineSince + MINUTE),
  value: 0,
});
