import { accountsReply, account } from '@atrium/contracts/user';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import type { AccountRow } from './accounts-rules';

/** User service calls of the account management dialog (document 3 §7). */
export const accountsApi = {
  list: (signal?: AbortSignal) =>
    api.get('/api/user/accounts', { schema: accountsReply, signal }).then((r) => r.accounts),
  create: (row: AccountRow) =>
    api.post('/api/user/accounts/create', row, { schema: z.object({ account }) }),
  update: (rows: AccountRow[]) =>
    api.post('/api/user/accounts/update', { accounts: rows }, { schema: accountsReply }),
};
