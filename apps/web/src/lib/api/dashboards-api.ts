import { queryOptions } from '@tanstack/react-query';
import {
  DASHBOARD_TOKEN_HEADER,
  bossDataReply,
  bossReply,
  dashboardDataReply,
  dashboardDeletedReply,
  dashboardExport,
  dashboardFormReply,
  dashboardListReply,
  dashboardReply,
  dashboardSeriesReply,
  sharedDashboardReply,
  tokenReply,
  tokenRevokedReply,
  type BossUpdateBody,
  type DashboardBody,
  type DashboardFormInput,
  type DashboardImportBody,
  type ShareBucket,
  type DashboardType,
} from '@atrium/contracts/dashboards';
import { api } from './client';
import { QUERY_KEYS } from './query-keys';
import { ApiError, parseErrorReply } from './api-error';

const enc = encodeURIComponent;

/** Live refresh of a dashboard's data besides the socket's values (rollups, new buckets). */
export const DASHBOARD_REFRESH_MS = 60_000;

/** The dashboards calls of decision 0032 (paths of DASHBOARD_PATHS). */
export const dashboardsApi = {
  list: (projectId: string, signal?: AbortSignal) =>
    api.get(`/api/chartnx/dashboard/${enc(projectId)}`, { schema: dashboardListReply, signal }),
  form: (projectId: string, dashboardId: string, signal?: AbortSignal) =>
    api.get(`/api/chartnx/form/${enc(projectId)}/${enc(dashboardId)}`, {
      schema: dashboardFormReply,
      signal,
    }),
  create: (projectId: string, body: DashboardBody) =>
    api
      .post(`/api/chartnx/dashboard/${enc(projectId)}`, body, { schema: dashboardReply })
      .then((r) => r.dashboard),
  update: (projectId: string, dashboardId: string, body: DashboardBody) =>
    api
      .put(`/api/chartnx/dashboard/${enc(projectId)}/${enc(dashboardId)}`, body, {
        schema: dashboardReply,
      })
      .then((r) => r.dashboard),
  remove: (projectId: string, dashboardId: string) =>
    api.delete(`/api/chartnx/dashboard/${enc(projectId)}/${enc(dashboardId)}`, {
      schema: dashboardDeletedReply,
    }),
  series: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/chartnx/series/${enc(projectId)}`, { schema: dashboardSeriesReply, signal })
      .then((r) => r.series),
  data: (projectId: string, dashboardId: string, signal?: AbortSignal) =>
    api.get(`/api/chartnx/data/${enc(projectId)}/${enc(dashboardId)}`, {
      schema: dashboardDataReply,
      signal,
    }),
  preview: (projectId: string, form: DashboardFormInput, signal?: AbortSignal) =>
    api.post(
      `/api/chartnx/data/${enc(projectId)}`,
      { form },
      { schema: dashboardDataReply, signal },
    ),
  share: (type: DashboardType, project: string, dashboardID: string, bucket: ShareBucket) =>
    api.post('/api/chartnx/token', { type, project, dashboardID, bucket }, { schema: tokenReply }),
  revoke: (shareId: string) =>
    api.delete(`/api/chartnx/token/${enc(shareId)}`, { schema: tokenRevokedReply }),
  exportJson: (projectId: string, dashboardId: string) =>
    api.get(`/api/grafnx/export/${enc(projectId)}/${enc(dashboardId)}`, {
      schema: dashboardExport,
    }),
  importJson: (projectId: string, body: DashboardImportBody) =>
    api
      .post(`/api/grafnx/import/${enc(projectId)}`, body, { schema: dashboardReply })
      .then((r) => r.dashboard),
  // The boss dashboard: 404 until created, 403 without the licence (no sign-out: a 403 here
  // is the licence's refusal, not an ended session).
  boss: (projectId: string, signal?: AbortSignal) =>
    api.get(`/api/bossnx/projects/${enc(projectId)}`, {
      schema: bossReply,
      signal,
      signOutOnAuthError: false,
    }),
  bossCreate: (projectId: string, projectName: string) =>
    api.post(
      `/api/bossnx/projects/${enc(projectId)}`,
      { projectName },
      { schema: bossReply, signOutOnAuthError: false },
    ),
  bossUpdate: (projectId: string, body: BossUpdateBody) =>
    api.put(`/api/bossnx/projects/${enc(projectId)}`, body, {
      schema: bossReply,
      signOutOnAuthError: false,
    }),
  bossData: (projectId: string, signal?: AbortSignal) =>
    api.get(`/api/bossnx/data/${enc(projectId)}`, {
      schema: bossDataReply,
      signal,
      signOutOnAuthError: false,
    }),
};

export const dashboardsQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.dashboards(projectId),
    queryFn: ({ signal }) => dashboardsApi.list(projectId, signal),
  });

export const seriesQuery = (projectId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.dashboardSeries(projectId),
    queryFn: ({ signal }) => dashboardsApi.series(projectId, signal),
    staleTime: 30_000,
  });

/**
 * The shared page's two reads, by token (header x-dashboard-token, never a session): plain
 * fetch, so that a 403 of a refused link never touches the console's session.
 */
async function sharedGet(path: string, token: string, signal?: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      headers: { Accept: 'application/json', [DASHBOARD_TOKEN_HEADER]: token },
      signal: signal ?? null,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiError(res.status, parseErrorReply(body));
  return body;
}

export const sharedApi = {
  dashboard: async (token: string, signal?: AbortSignal) =>
    sharedDashboardReply.parse(await sharedGet('/api/shared/dashboard', token, signal)),
  chartData: async (token: string, signal?: AbortSignal) =>
    dashboardDataReply.parse(await sharedGet('/api/shared/dashboard/data', token, signal)),
  bossData: async (token: string, signal?: AbortSignal) =>
    bossDataReply.parse(await sharedGet('/api/shared/dashboard/data', token, signal)),
};
