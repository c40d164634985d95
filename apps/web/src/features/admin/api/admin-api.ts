import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adminFirmwareReply,
  adminFleetStatsReply,
  adminGatewaysReply,
  adminTeamsReply,
  adminUsersReply,
} from '@atrium/contracts/admin';
import { importGatewaysReply } from '@atrium/contracts/gateway';
import { firmwareReply, hubStatsReply } from '@atrium/contracts/hub';
import type { GatewayType } from '@atrium/contracts/limits';
import { informationMessage, messagesReply, type MessageBody } from '@atrium/contracts/information';
import { importLicencesReply } from '@atrium/contracts/licence';
import {
  adminSubscriptionReply,
  adminSubscriptionsReply,
  type GrantSubscriptionBody,
  type SubscriptionStatus,
} from '@atrium/contracts/subscriptions';
import { latestVersionsReply } from '@atrium/contracts/version';
import { z } from 'zod';
import { api } from '../../../lib/api/client';

/** How often the hub statistics are asked again. */
export const HUB_POLL_MS = 3_000;

export interface ListParams {
  page: number;
  pageSize: number;
  search: string;
}
export interface GatewayListParams extends ListParams {
  type: GatewayType | '';
  online: '' | 'true' | 'false';
}

/** Only the filters that are set, with the page counted from 1 as the server counts it. */
function queryOf(p: ListParams & Partial<Omit<GatewayListParams, keyof ListParams>>) {
  const q: Record<string, string | number> = { page: p.page + 1, pageSize: p.pageSize };
  if (p.search.trim()) q.search = p.search.trim();
  if (p.type) q.type = p.type;
  if (p.online) q.online = p.online;
  return q;
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The administrator's console calls (issue 17 §5, decision 0028). */
export const adminApi = {
  importGateways: (file: File) =>
    api.upload('/api/gateway/add', fileForm(file), { schema: importGatewaysReply }),
  importLicences: (file: File) =>
    api.upload('/api/licences/add', fileForm(file), { schema: importLicencesReply }),
  uploadFirmware: (p: { file: File; type: GatewayType; version: string; beta: boolean }) =>
    api.upload('/api/information/update', fileForm(p.file), {
      schema: firmwareReply,
      query: { type: p.type, version: p.version, branch: p.beta ? 'beta' : 'MAIN' },
    }),
  setReference: (type: GatewayType, version: string) =>
    api.post('/api/information/version', { type, version }, { schema: latestVersionsReply }),
};

const enc = encodeURIComponent;

/** Manual billing (issue 17 §3, decision 0026): the subscriptions module's admin calls. */
export const subscriptionsApi = {
  grant: (body: GrantSubscriptionBody) =>
    api.post('/api/admin/subscriptions', body, { schema: adminSubscriptionReply }),
  update: (id: string, body: { until?: number | null; plan?: GrantSubscriptionBody['plan'] }) =>
    api.post(`/api/admin/subscriptions/${enc(id)}`, body, { schema: adminSubscriptionReply }),
  cancel: (id: string) =>
    api.post(`/api/admin/subscriptions/${enc(id)}/cancel`, {}, { schema: adminSubscriptionReply }),
};

/** Information messages (document 1 §7; decision 0027): the information module's calls. */
export const informationApi = {
  create: (body: MessageBody) =>
    api.post('/api/information/message', body, {
      schema: z.object({ message: informationMessage }),
    }),
  remove: (id: string) => api.delete(`/api/information/message/${enc(id)}`),
};

export interface SubscriptionListParams extends ListParams {
  status: SubscriptionStatus | '';
}

export const ADMIN_KEYS = {
  all: ['admin'] as const,
  fleet: ['admin', 'fleet'] as const,
  gateways: (p: GatewayListParams) => ['admin', 'gateways', p] as const,
  teams: (p: ListParams) => ['admin', 'teams', p] as const,
  users: (p: ListParams) => ['admin', 'users', p] as const,
  firmware: ['admin', 'firmware'] as const,
  versions: ['admin', 'versions'] as const,
  hub: ['admin', 'hub'] as const,
  subscriptionsAll: ['admin', 'subscriptions'] as const,
  information: ['admin', 'information'] as const,
  subscriptions: (p: SubscriptionListParams) => ['admin', 'subscriptions', p] as const,
};

export const fleetStatsQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.fleet,
    queryFn: ({ signal }) =>
      api.get('/api/admin/fleet-stats', { schema: adminFleetStatsReply, signal }),
    refetchInterval: 60_000,
  });

export const adminGatewaysQuery = (p: GatewayListParams) =>
  queryOptions({
    queryKey: ADMIN_KEYS.gateways(p),
    queryFn: ({ signal }) =>
      api.get('/api/admin/gateways', { schema: adminGatewaysReply, query: queryOf(p), signal }),
    placeholderData: keepPreviousData,
  });

export const adminTeamsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ADMIN_KEYS.teams(p),
    queryFn: ({ signal }) =>
      api.get('/api/admin/teams', { schema: adminTeamsReply, query: queryOf(p), signal }),
    placeholderData: keepPreviousData,
  });

export const adminUsersQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ADMIN_KEYS.users(p),
    queryFn: ({ signal }) =>
      api.get('/api/admin/users', { schema: adminUsersReply, query: queryOf(p), signal }),
    placeholderData: keepPreviousData,
  });

export const firmwareListQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.firmware,
    queryFn: ({ signal }) =>
      api
        .get('/api/admin/firmware', { schema: adminFirmwareReply, signal })
        .then((r) => r.firmware),
  });

export const referenceVersionsQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.versions,
    queryFn: ({ signal }) =>
      api.get('/api/information/version', { schema: latestVersionsReply, signal }),
  });

export const hubStatsQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.hub,
    queryFn: ({ signal }) => api.get('/api/hub/stats', { schema: hubStatsReply, signal }),
    refetchInterval: HUB_POLL_MS,
  });

export const adminSubscriptionsQuery = (p: SubscriptionListParams) =>
  queryOptions({
    queryKey: ADMIN_KEYS.subscriptions(p),
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = {
        offset: p.page * p.pageSize,
        limit: p.pageSize,
      };
      if (p.search.trim()) query.team = p.search.trim();
      if (p.status) query.status = p.status;
      return api.get('/api/admin/subscriptions', {
        schema: adminSubscriptionsReply,
        query,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

export const informationMessagesQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.information,
    queryFn: ({ signal }) =>
      api
        .get('/api/information/message', { schema: messagesReply, signal })
        .then((r) => r.messages),
  });
