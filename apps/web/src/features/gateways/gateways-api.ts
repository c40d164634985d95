import { useQuery } from '@tanstack/react-query';
import {
  accountGatewaysReply,
  gatewayListReply,
  gatewayReply,
  waitingReply,
} from '@atrium/contracts/gateway';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { LIMITS } from '@atrium/contracts/limits';
import { projectReply } from '@atrium/contracts/project';
import { latestVersionsReply } from '@atrium/contracts/version';
import { api } from '../../lib/api/client';
import { QUERY_KEYS } from '../../lib/api/query-keys';

const enc = encodeURIComponent;

/** The gateway calls of spec document 3 §7 that the project screens use. */
export const gatewaysApi = {
  listProject: (projectId: string, signal?: AbortSignal) =>
    api
      .get(`/api/gateway/${enc(projectId)}`, { schema: gatewayListReply, signal })
      .then((r) => r.gateways),
  listAccount: (signal?: AbortSignal) =>
    api.get('/api/gateway', { schema: accountGatewaysReply, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api
      .get(`/api/gateway/gateway/${enc(id)}`, { schema: gatewayReply, signal })
      .then((r) => r.gateway),
  latestVersions: (signal?: AbortSignal) =>
    api.get('/api/information/version', { schema: latestVersionsReply, signal }),
  rename: (mac: string, name: string) =>
    api.post(`/api/gateway/rename/${enc(mac)}`, { name }, { schema: gatewayReply }),
  init: (mac: string) => api.get(`/api/gateway/init/${enc(mac)}`, { schema: gatewayReply }),
  remove: (mac: string) => api.delete(`/api/gateway/delete/${enc(mac)}`),
  update: (mac: string, branch: UpdateBranch) =>
    api.get(`/api/gateway/update/${enc(mac)}/${branch}`),
  link: (projectId: string, macs: string[]) =>
    api.post(`/api/project/link/${enc(projectId)}`, { macs }, { schema: projectReply }),
  unlink: (projectId: string, macs: string[]) =>
    api.post(`/api/project/unlink/${enc(projectId)}`, { macs }, { schema: projectReply }),
  project: (projectId: string) =>
    api.get(`/api/project/${enc(projectId)}`, { schema: projectReply }).then((r) => r.project),
  waiting: (mac: string, sn: string) =>
    api.get('/api/gateway/waiting', { query: { mac, sn }, schema: waitingReply }),
  create: (body: { name: string; mac: string; sn: string; id?: string }) =>
    api.post('/api/gateway/create', body, { schema: gatewayReply }).then((r) => r.gateway),
  createVirtual: (project: string) =>
    api.post('/api/gateway/virtual', { name: 'DEMO', project }, { schema: gatewayReply }),
  transferConfig: (from: string, to: string) =>
    api.post('/api/gateway/export/config', { from, to }),
};

/** A project's gateway table, refreshed every 60 s (spec §2). */
export function useProjectGateways(projectId: string) {
  return useQuery({
    queryKey: QUERY_KEYS.projectGateways(projectId),
    queryFn: ({ signal }) => gatewaysApi.listProject(projectId, signal),
    refetchInterval: LIMITS.projectRefreshMs,
  });
}

/** Latest firmware per gateway type; changes rarely. */
export function useLatestVersions() {
  return useQuery({
    queryKey: QUERY_KEYS.latestVersions,
    queryFn: ({ signal }) => gatewaysApi.latestVersions(signal),
    staleTime: 10 * 60_000,
  });
}

export function useGateway(id: string) {
  return useQuery({
    queryKey: QUERY_KEYS.gateway(id),
    queryFn: ({ signal }) => gatewaysApi.get(id, signal),
  });
}

/** The caller's gateways (for the link dialog and the transfer target list). */
export function useAccountGateways(enabled = true) {
  return useQuery({
    queryKey: QUERY_KEYS.accountGateways,
    queryFn: ({ signal }) => gatewaysApi.listAccount(signal),
    enabled,
  });
}
