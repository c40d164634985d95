import { queryOptions } from '@tanstack/react-query';
import { accountsReply, account } from '@atrium/contracts/user';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import type { AccountRow } from '../accounts/accounts-rules';

/** User service calls of the account management dialog (document 3 §7). */
export const accountsApi = {
  list: (signal?: AbortSignal) =>
    api.get('/api/user/accounts', { schema: accountsReply, signal }).then((r) => r.accounts),
  create: (row: AccountRow) =>
    api.post('/api/user/accounts/create', row, { schema: z.object({ account }) }),
  update: (rows: AccountRow[]) =>
    api.post('/api/user/accounts/update', { accounts: rows }, { schema: accountsReply }),
};

/** The accounts the caller manages; read while the dialog is open, not polled. */
export const accountsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.accounts,
    queryFn: ({ signal }) => accountsApi.list(signal),
  });
