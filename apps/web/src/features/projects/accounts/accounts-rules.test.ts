import { describe, expect, it } from 'vitest';
import { newAccountProblem, sortAccounts, toRows } from './accounts-rules';

describe('accounts dialog rules (document 2 §4-§5)', () => {
  it('lists managers first, then by e-mail, and only managers and users', () => {
    const rows = toRows([
      { email: 'zoe@x.fr', rank: 'user' },
      { email: 'bob@x.fr', rank: 'manager' },
      { email: 'al@x.fr', rank: 'user' },
      { email: 'sup@x.fr', rank: 'supervisor' },
    ]);
    expect(rows.map((r) => r.email)).toEqual(['bob@x.fr', 'al@x.fr', 'zoe@x.fr']);
    expect(sortAccounts([]).length).toBe(0);
  });

  it('refuses duplicates (any case), bad e-mails and a missing rank', () => {
    const existing = [{ email: 'bob@x.fr', rank: 'manager' as const }];
    expect(newAccountProblem(' BOB@x.fr ', 'user', existing)).toBe('alreadyusedEmail');
    expect(newAccountProblem('bob', 'user', existing)).toBe('invalidEmail');
    expect(newAccountProblem('new@x.fr', '', existing)).toBe('missingRank');
    expect(newAccountProblem(' new@x.fr ', 'manager', existing)).toBeNull();
  });
});
