import { queryOptions } from '@tanstack/react-query';
import { hubTokenReply, permaTokenReply } from '@atrium/contracts/hub';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

/** The dashboards of the link (klocknx) and emergency (emergynx) dialogs. */
export type DashboardService = 'klocknx' | 'emergynx';

const path = (service: DashboardService, route: string, project: string, mac: string) =>
  `/api/${service}/${route}/${enc(project)}/${enc(mac)}`;

/** Short-lived and permanent dashboard tokens (document 3 §7). */
export const dashboardTokens = {
  /** A token valid 1 h, installed on the gateway, to open the dashboard now. */
  open: (service: DashboardService, project: string, mac: string) =>
    api.get(path(service, 'token', project, mac), { schema: hubTokenReply }),
  permanent: (service: DashboardService, project: string, mac: string, signal?: AbortSignal) =>
    api.get(path(service, 'permaToken', project, mac), { schema: permaTokenReply, signal }),
  generate: (service: DashboardService, project: string, mac: string) =>
    api.post(path(service, 'permaToken/generate', project, mac), undefined, {
      schema: permaTokenReply,
    }),
  remove: (service: DashboardService, project: string, mac: string) =>
    api.delete(path(service, 'permaToken', project, mac)),
};

/** The gateway's permanent dashboard token of a service; read while its dialog is open. */
export const permanentTokenQuery = (service: DashboardService, project: string, mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.permanentToken(service, mac),
    queryFn: ({ signal }) => dashboardTokens.permanent(service, project, mac, signal),
  });
