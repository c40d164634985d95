import { hubTokenReply, permaTokenReply } from '@atrium/contracts/hub';
import { api } from '../../../lib/api/client';

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
