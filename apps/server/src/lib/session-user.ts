import type { Rank } from '@atrium/contracts/limits';

/** The signed-in caller, read fresh from the database on every request and socket handshake. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  rank: Rank;
  team: string;
}
