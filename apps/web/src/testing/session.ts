import type { Rank } from '@atrium/contracts/limits';
import { setToken } from '../lib/session/session';

const base64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Tests only: a readable (unsigned) session token of this rank, valid for an hour. */
export function signInAs(rank: Rank): void {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'u1',
    email: 'me@atrium.fr',
    name: 'me',
    rank,
    team: 't1',
    iat: now,
    exp: now + 3600,
  };
  setToken(`x.${base64Url(JSON.stringify(claims))}.y`);
}
