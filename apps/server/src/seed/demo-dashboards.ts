import {
  dashboardForm,
  type DashboardFormInput,
  type SeriesRef,
} from '@atrium/contracts/dashboards';
import { newId, sha256 } from '../lib/ids';
import type { DashboardsModule } from '../modules/dashboards/dashboards.module';
import type { GatewaysModule } from '../modules/gateways/gateways.module';
import type { ModbusModule } from '../modules/modbus/modbus.module';
import type { ProjectsModule } from '../modules/projects/projects.module';

/**
 * The demo's share link of Villa Rose's chart dashboard (demo only, like the demo accounts):
 * open /shared/dashboard?token=… without signing in. Stored hashed, as any link.
 */
export const DEMO_SHARE_TOKEN = 'atd_VillaRose-demo-shared-dashboard-link-000001';

export interface DemoDashboardsModules {
  projects: Pick<ProjectsModule, 'repo'>;
  gateways: Pick<GatewaysModule, 'repo'>;
  dashboards: Pick<DashboardsModule, 'repo'>;
  modbus: Pick<ModbusModule, 'valuesOf'>;
}

const knx = (mac: string, address: string): SeriesRef => ({ source: 'knx', mac, address });

/**
 * Villa Rose's chart dashboard: temperatures, energy per day, power, pool pump, a table; and,
 * when the demo meter is configured, its active power (read every 10 s: it moves live).
 */
function villaRoseForm(salon: string, piscine: string, meterPower?: string): DashboardFormInput {
  const meter: DashboardFormInput['widgets'] = meterPower
    ? [
        {
          id: 'compteur',
          kind: 'line',
          title: 'Compteur général – puissance',
          layout: { x: 0, y: 12, w: 8, h: 4 },
          series: [{ source: 'modbus', mac: salon, valueId: meterPower }],
          style: 'area',
          precision: 'auto',
          aggregation: 'mean',
        },
        {
          id: 'compteur-valeur',
          kind: 'value',
          title: 'Puissance instantanée',
          layout: { x: 8, y: 12, w: 4, h: 4 },
          series: [{ source: 'modbus', mac: salon, valueId: meterPower }],
          unit: 'W',
          decimals: 0,
        },
      ]
    : [];
  return {
    range: { kind: '7d' },
    widgets: [
      {
        id: 'temperatures',
        kind: 'line',
        title: 'Températures',
        layout: { x: 0, y: 0, w: 8, h: 4 },
        series: [knx(salon, '1/1/1'), knx(salon, '1/1/2'), knx(salon, '1/1/5')],
        style: 'line',
        precision: '1h',
        aggregation: 'mean',
      },
      {
        id: 'sejour',
        kind: 'value',
        title: 'Séjour',
        layout: { x: 8, y: 0, w: 4, h: 2 },
        series: [knx(salon, '1/1/1')],
        unit: '°C',
        decimals: 1,
      },
      {
        id: 'pompe',
        kind: 'state',
        title: 'Pompe de filtration',
        layout: { x: 8, y: 2, w: 4, h: 2 },
        series: [knx(piscine, '2/2/1')],
        onLabel: 'Marche',
        offLabel: 'Arrêt',
      },
      {
        id: 'energie',
        kind: 'bar',
        title: 'Énergie par jour',
        layout: { x: 0, y: 4, w: 6, h: 4 },
        series: [knx(salon, '3/0/1')],
        period: 'day',
        total: 'counter',
      },
      {
        id: 'puissance',
        kind: 'gauge',
        title: 'Puissance active',
        layout: { x: 6, y: 4, w: 3, h: 4 },
        series: [knx(salon, '3/0/2')],
        min: 0,
        max: 6000,
      },
      {
        id: 'piscine',
        kind: 'line',
        title: 'Eau de la piscine',
        layout: { x: 9, y: 4, w: 3, h: 4 },
        series: [knx(piscine, '2/1/1')],
        style: 'area',
        precision: 'auto',
        aggregation: 'mean',
      },
      {
        id: 'tableau',
        kind: 'table',
        title: 'Pièces',
        layout: { x: 0, y: 8, w: 12, h: 4 },
        series: [
          knx(salon, '1/1/1'),
          knx(salon, '1/1/2'),
          knx(salon, '1/1/3'),
          knx(salon, '1/1/4'),
          knx(salon, '1/2/1'),
        ],
      },
      ...meter,
    ],
  };
}

/**
 * The demo's dashboards (issue 20): Villa Rose (licences bossnx and chartnx 2, see
 * demo-projects) gets a chart dashboard shared by DEMO_SHARE_TOKEN, and its boss dashboard
 * with key values and the energy counter. Run after the demo buildings (their addresses) and
 * the demo meter (its power value).
 */
export async function seedDemoDashboards(m: DemoDashboardsModules, teamId: string) {
  const project = (await m.projects.repo.listByTeam(teamId)).find((p) => p.name === 'Villa Rose');
  if (!project) return;
  const gateways = await m.gateways.repo.listByProject(project.id);
  const salon = gateways.find((g) => g.name === 'Salon')?.mac;
  const piscine = gateways.find((g) => g.name === 'Piscine')?.mac;
  if (!salon || !piscine) return;
  const power = (await m.modbus.valuesOf(project.id)).find(
    (v) => v.gatewayMac === salon && v.name === 'Puissance active',
  );
  const now = Date.now();
  const chart = newId();
  await m.dashboards.repo.insertChart(
    {
      id: chart,
      project_id: project.id,
      name: 'Villa Rose – vue générale',
      form: JSON.stringify(dashboardForm.parse(villaRoseForm(salon, piscine, power?.id))),
      created_by: 'manager@atrium.demo',
      created_at: now,
      updated_at: now,
    },
    null,
  );
  await m.dashboards.repo.insertShare({
    id: newId(),
    token_hash: sha256(DEMO_SHARE_TOKEN),
    type: 'chartnx',
    project_id: project.id,
    dashboard_id: chart,
    created_by: 'manager@atrium.demo',
    created_at: now,
    expires_at: null,
    revoked_at: null,
  });
  await m.dashboards.repo.insertBoss({
    project_id: project.id,
    id: newId(),
    project_name: 'Villa Rose',
    key_values: JSON.stringify([
      knx(salon, '1/1/1'),
      knx(salon, '1/1/5'),
      knx(piscine, '2/1/1'),
      knx(salon, '3/0/2'),
    ]),
    energy: JSON.stringify([knx(salon, '3/0/1')]),
    created_at: now,
    updated_at: now,
  });
}
