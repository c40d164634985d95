import type { FastifyInstance } from 'fastify';
import type { Sample } from './matrix-fixtures';
import { modulesOf } from './test-server';

/** The matrix project's dashboards (issue 20): a chart, the boss dashboard and a live link. */
export interface DashboardFixture {
  chart: string;
  boss: string;
  share: string;
}

/** A chart dashboard's body on the matrix project's recorded address 1/1/1. */
const body = (mac: string) => ({
  name: 'Matrix dashboard',
  form: {
    range: { kind: '24h' as const },
    widgets: [
      {
        id: 'w1',
        kind: 'value' as const,
        title: 'T',
        layout: { x: 0, y: 0, w: 3, h: 2 },
        series: [{ source: 'knx' as const, mac, address: '1/1/1' }],
        decimals: 1,
      },
    ],
  },
});

/** Licences for the routes to answer 2xx, then a chart, the boss dashboard and a link. */
export async function seedDashboards(
  app: FastifyInstance,
  projectId: string,
  mac: string,
): Promise<DashboardFixture> {
  await app.db
    .updateTable('projects')
    .set({ licence_chartnx: 10, licence_bossnx: 1 })
    .where('id', '=', projectId)
    .execute();
  const { service, repo } = modulesOf(app).dashboards;
  const now = Date.now();
  const chart = `c${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await repo.insertChart(
    {
      id: chart,
      project_id: projectId,
      name: 'Matrix dashboard',
      form: JSON.stringify(body(mac).form),
      created_by: null,
      created_at: now,
      updated_at: now,
    },
    null,
  );
  const boss = `b${chart}`;
  await repo.insertBoss({
    project_id: projectId,
    id: boss,
    project_name: 'Matrix',
    key_values: '[]',
    energy: '[]',
    created_at: now,
    updated_at: now,
  });
  const share = `s${chart}`;
  await repo.insertShare({
    id: share,
    token_hash: `matrix-${share}`,
    type: 'chartnx',
    project_id: projectId,
    dashboard_id: chart,
    created_by: null,
    created_at: now,
    expires_at: null,
    revoked_at: null,
  });
  service.forget(projectId);
  return { chart, boss, share };
}

type F = {
  project: { id: string };
  gateway: { mac: string };
  dashboards: DashboardFixture;
};
const onX = (f: F, payload?: object): Sample => ({
  params: { x: f.project.id },
  ...(payload ? { payload } : {}),
});
const onProjectId = (f: F, extra: object = {}): Sample => ({
  params: { projectId: f.project.id, dashboardId: f.dashboards.chart },
  ...extra,
});

/** Samples of the dashboards routes: each answers 2xx to whoever the table lets in. */
export const DASHBOARD_SAMPLES: Record<string, (f: F) => Sample> = {
  'GET /api/chartnx/dashboard/:x': (f) => onX(f),
  'POST /api/chartnx/dashboard/:x': (f) => onX(f, body(f.gateway.mac)),
  'PUT /api/chartnx/dashboard/:x/:id': (f) => ({
    params: { x: f.project.id, id: f.dashboards.chart },
    payload: body(f.gateway.mac),
  }),
  'DELETE /api/chartnx/dashboard/:x/:id': (f) => ({
    params: { x: f.project.id, id: f.dashboards.chart },
  }),
  'GET /api/chartnx/form/:a/:b': (f) => ({ params: { a: f.project.id, b: f.dashboards.chart } }),
  'POST /api/chartnx/token': (f) => ({
    payload: { type: 'chartnx', project: f.project.id, dashboardID: f.dashboards.chart },
    bodyScope: 'edit',
  }),
  // The link names its project: no role is 404, a viewer 403, as a body's project.
  'DELETE /api/chartnx/token/:id': (f) => ({
    params: { id: f.dashboards.share },
    bodyScope: 'edit',
  }),
  'GET /api/chartnx/series/:projectId': (f) => onProjectId(f),
  'GET /api/chartnx/data/:projectId/:dashboardId': (f) => onProjectId(f),
  'POST /api/chartnx/data/:projectId': (f) =>
    onProjectId(f, { payload: { form: body(f.gateway.mac).form } }),
  'GET /api/bossnx/projects/:id': (f) => ({ params: { id: f.project.id } }),
  'POST /api/bossnx/projects/:id': (f) => ({
    params: { id: f.project.id },
    payload: { projectName: 'Matrix' },
  }),
  'PUT /api/bossnx/projects/:id': (f) => ({
    params: { id: f.project.id },
    payload: {
      keyValues: [{ source: 'knx', mac: f.gateway.mac, address: '1/1/1' }],
      energy: [],
    },
  }),
  'GET /api/bossnx/data/:id': (f) => ({ params: { id: f.project.id } }),
  'GET /api/grafnx/export/:projectId/:dashboardId': (f) => onProjectId(f),
  'POST /api/grafnx/import/:projectId': (f) =>
    onProjectId(f, {
      payload: { dashboard: { format: 'atrium.dashboard', version: 1, ...body(f.gateway.mac) } },
    }),
};
