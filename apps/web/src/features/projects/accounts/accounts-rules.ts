import { z } from 'zod';
import { ACCOUNT_RANKS, type Account } from '@atrium/contracts/user';

export type AccountRank = (typeof ACCOUNT_RANKS)[number];

/** A row of the accounts dialog: the account's e-mail and the rank it will be saved with. */
export interface AccountRow {
  email: string;
  rank: AccountRank;
}

const isAccountRank = (rank: string): rank is AccountRank =>
  (ACCOUNT_RANKS as readonly string[]).includes(rank);

/** Managers first, then by e-mail (document 2 §4). */
export function sortAccounts(rows: readonly AccountRow[]): AccountRow[] {
  const order = (r: AccountRow) => (r.rank === 'manager' ? 0 : 1);
  return [...rows].sort((a, b) => order(a) - order(b) || a.email.localeCompare(b.email));
}

/** Only manager and user accounts are managed here. */
export function toRows(accounts: readonly Pick<Account, 'email' | 'rank'>[]): AccountRow[] {
  return sortAccounts(
    accounts.flatMap((a) => (isAccountRank(a.rank) ? [{ email: a.email, rank: a.rank }] : [])),
  );
}

const emailPattern = z.email();

/**
 * Checks a new account (document 2 §5): trimmed e-mail, valid, not already listed
 * (any case), and a rank. Returns the message key of the problem, or null.
 */
export function newAccountProblem(
  email: string,
  rank: string,
  existing: readonly AccountRow[],
): string | null {
  const trimmed = email.trim().toLowerCase();
  if (existing.some((row) => row.email.toLowerCase() === trimmed)) return 'alreadyusedEmail';
  if (!emailPattern.safeParse(trimmed).success) return 'invalidEmail';
  if (!isAccountRank(rank)) return 'missingRank';
  return null;
}
