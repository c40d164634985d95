import { queryOptions } from '@tanstack/react-query';
import { openAlertsReply } from '@atrium/contracts/alerts';
import { importGatewaysReply } from '@atrium/contracts/gateway';
import { importLicencesReply, licenceReply, useLicenceReply } from '@atrium/contracts/licence';
import { LIMITS } from '@atrium/contracts/limits';
import { projectListReply, projectReply } from '@atrium/contracts/project';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

function csvForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** Project and licence calls of spec document 3 §7 (one project: lib/api/project-query). */
export const projectsApi = {
  list: (signal?: AbortSignal) =>
    api.get('/api/project', { schema: projectListReply, signal }).then((r) => r.projects),
  create: (name: string) =>
    api.post('/api/project/create', { name }, { schema: projectReply }).then((r) => r.project),
  rename: (id: string, name: string) =>
    api.post(`/api/project/rename/${enc(id)}`, { name }, { schema: projectReply }),
  remove: (id: string) => api.delete(`/api/project/delete/${enc(id)}`),
  verifyLicence: (key: string) =>
    api.get(`/api/licences/verify/${enc(key)}`, { schema: licenceReply }),
  useLicence: (key: string, projectId: string) =>
    api.post(`/api/licences/use/${enc(key)}`, { projectId }, { schema: useLicenceReply }),
  importGateways: (file: File) =>
    api.upload('/api/gateway/add', csvForm(file), { schema: importGatewaysReply }),
  importLicences: (file: File) =>
    api.upload('/api/licences/add', csvForm(file), { schema: importLicencesReply }),
  openAlerts: (signal?: AbortSignal) =>
    api.get('/api/alerts/open', { schema: openAlertsReply, signal }).then((r) => r.open),
};

/** The projects list, refreshed every 60 s (spec §2). */
export const projectsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.projects,
    queryFn: ({ signal }) => projectsApi.list(signal),
    refetchInterval: LIMITS.projectRefreshMs,
  });

/** Open alerts per project (the rows' badges), polled with the list. */
export const openAlertsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.openAlerts,
    queryFn: ({ signal }) => projectsApi.openAlerts(signal),
    refetchInterval: LIMITS.projectRefreshMs,
  });
