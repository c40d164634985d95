import { queryOptions } from '@tanstack/react-query';
import { accountGatewaysReply, gatewayReply, waitingReply } from '@atrium/contracts/gateway';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { projectReply } from '@atrium/contracts/project';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

/**
 * The gateway calls of spec document 3 §7 that the project screens use (a project's gateways
 * and the latest versions, also read by the detail screen, are in lib/api).
 */
export const gatewaysApi = {
  listAccount: (signal?: AbortSignal) =>
    api.get('/api/gateway', { schema: accountGatewaysReply, signal }),
  rename: (mac: string, name: string) =>
    api.post(`/api/gateway/rename/${enc(mac)}`, { name }, { schema: gatewayReply }),
  init: (mac: string) => api.get(`/api/gateway/init/${enc(mac)}`, { schema: gatewayReply }),
  /** Lets another account read the gateway (`POST /api/gateway/share/{id}`). */
  share: (mac: string, email: string) => api.post(`/api/gateway/share/${enc(mac)}`, { email }),
  remove: (mac: string) => api.delete(`/api/gateway/delete/${enc(mac)}`),
  update: (mac: string, branch: UpdateBranch) =>
    api.get(`/api/gateway/update/${enc(mac)}/${branch}`),
  link: (projectId: string, macs: string[]) =>
    api.post(`/api/project/link/${enc(projectId)}`, { macs }, { schema: projectReply }),
  unlink: (projectId: string, macs: string[]) =>
    api.post(`/api/project/unlink/${enc(projectId)}`, { macs }, { schema: projectReply }),
  waiting: (mac: string, sn: string) =>
    api.get('/api/gateway/waiting', { query: { mac, sn }, schema: waitingReply }),
  create: (body: { name: string; mac: string; sn: string; id?: string }) =>
    api.post('/api/gateway/create', body, { schema: gatewayReply }).then((r) => r.gateway),
  createVirtual: (project: string) =>
    api.post('/api/gateway/virtual', { name: 'DEMO', project }, { schema: gatewayReply }),
};

/** The caller's gateways, for the link dialog; read while it is open, not polled. */
export const accountGatewaysQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.accountGateways,
    queryFn: ({ signal }) => gatewaysApi.listAccount(signal),
  });
