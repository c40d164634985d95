import type { FastifyInstance } from 'fastify';
import type { DashboardBody, WidgetInput } from '@atrium/contracts/dashboards';
import { modulesOf } from '../../../test/test-server';
import { knxSeriesKey } from '../monitoring/monitoring-series';
import { monitoringTeamWithEts } from '../monitoring/monitoring.testing';

// Test helpers only: a project with recorded series, licences, and dashboard bodies.

/**
 * A monitoring team whose gw1 records 1/1/1 (temperature, °C) and 1/1/3 (boiler on/off),
 * with `chartnx` chart dashboards allowed and the bossnx licence as asked.
 */
export async function dashboardTeam(
  app: FastifyInstance,
  licences: { chartnx: number; bossnx: 0 | 1 } = { chartnx: 2, bossnx: 1 },
) {
  const team = await monitoringTeamWithEts(app);
  const res = await team.set(team.gw1.mac, [{ address: '1/1/1' }, { address: '1/1/3' }]);
  if (res.statusCode !== 200) throw new Error(`monitored: ${res.body}`);
  await app.db
    .updateTable('projects')
    .set({ licence_chartnx: licences.chartnx, licence_bossnx: licences.bossnx })
    .where('id', '=', team.project.id)
    .execute();
  const store = modulesOf(app).timeseries.store;
  const temp = await store.ensureSeries(knxSeriesKey(team.project.id, team.gw1.mac, '1/1/1'));
  const boiler = await store.ensureSeries(knxSeriesKey(team.project.id, team.gw1.mac, '1/1/3'));
  return { ...team, series: { temp, boiler } };
}

/** A widget on the team's temperature (or `address`) at a grid place. */
export const widget = (
  team: { gw1: { mac: string } },
  id: string,
  kind: WidgetInput['kind'],
  x: number,
  extra: object = {},
  address = '1/1/1',
): WidgetInput =>
  ({
    id,
    kind,
    title: `W ${id}`,
    layout: { x, y: 0, w: 3, h: 3 },
    series: [{ source: 'knx', mac: team.gw1.mac, address }],
    ...(kind === 'gauge' ? { min: 0, max: 40 } : {}),
    ...extra,
  }) as WidgetInput;

/** A dashboard of four widgets: line, value, gauge, state. */
export const fourWidgets = (team: { gw1: { mac: string } }, name = 'Salon'): DashboardBody => ({
  name,
  form: {
    range: { kind: '7d' },
    widgets: [
      widget(team, 'line', 'line', 0, { precision: '1h' }),
      widget(team, 'value', 'value', 3, { unit: '°C', decimals: 1 }),
      widget(team, 'gauge', 'gauge', 6),
      widget(team, 'state', 'state', 9, { onLabel: 'On', offLabel: 'Off' }, '1/1/3'),
    ],
  },
});
