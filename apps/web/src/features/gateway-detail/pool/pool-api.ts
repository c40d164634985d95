import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  klereoPoolListReply,
  poolConfigReply,
  poolSavedReply,
  type PoolAuthBody,
  type PoolConfig,
  type PoolUpdateBody,
} from '@atrium/contracts/pool';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';

/** The pool calls of document 2 §7, under /api/poolnx, each with `?mac=`. */
export const poolApi = {
  config: (mac: string) =>
    api.get('/api/poolnx/config', { query: { mac }, schema: poolConfigReply }),
  update: (mac: string, body: PoolUpdateBody) =>
    api.post('/api/poolnx/update', body, { query: { mac }, schema: poolSavedReply }),
  selectPool: (mac: string, pool: string) =>
    api.post('/api/poolnx/init/type', { pool }, { query: { mac }, schema: poolSavedReply }),
  auth: (mac: string, body: PoolAuthBody) =>
    api.post('/api/poolnx/auth', body, { query: { mac }, schema: poolSavedReply }),
  klereoPools: (mac: string) =>
    api.get('/api/poolnx/klereo/poollist', { query: { mac }, schema: klereoPoolListReply }),
};

export const poolConfigQuery = (mac: string) =>
  queryOptions({ queryKey: QUERY_KEYS.poolConfig(mac), queryFn: () => poolApi.config(mac) });

/** The Klereo account's pools (asked through the gateway: a refusal is not retried). */
export const klereoPoolsQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.klereoPools(mac),
    queryFn: () => poolApi.klereoPools(mac),
    retry: false,
  });

export const usePoolConfig = (mac: string) => useQuery(poolConfigQuery(mac));

/** Asked once credentials are stored. */
export const useKlereoPools = (mac: string, enabled: boolean) =>
  useQuery({ ...klereoPoolsQuery(mac), enabled });

const isQueued = (reply: unknown) =>
  typeof reply === 'object' && reply !== null && 'synced' in reply && reply.synced === false;

/**
 * A pool call that changes the configuration: the reply's message (changeSuccess) on success,
 * the catalogue's message otherwise; the configuration is read again either way.
 */
export function usePoolMutation<V>(mac: string, call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Saved while the gateway is offline: the configuration waits for it (queued).
    onSuccess: (reply) => notify.success(isQueued(reply) ? 'pool.queued' : 'changeSuccess'),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.pool(mac) }),
  });
}

export type { PoolConfig };
