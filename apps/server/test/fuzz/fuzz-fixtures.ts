import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANKS, type Rank } from '@atrium/contracts/limits';
import type { RouteFixture } from './fuzz-campaign';
import { matrixFixture } from '../matrix-fixtures';
import { bearer, createUser, PASSWORD, type TestUser } from '../test-server';

export interface FuzzTeam {
  team: string;
  users: Record<Rank, TestUser>;
  tokens: Record<Rank, string>;
  /** Accounts the requests name: a guest of another team, a viewer and a user of the team. */
  named: TestUser[];
}

/** One team with a user of every rank: the callers, never named in a request (they must survive). */
export async function createFuzzTeam(app: FastifyInstance): Promise<FuzzTeam> {
  const team = 'fuzz-team';
  const users = {} as Record<Rank, TestUser>;
  const tokens = {} as Record<Rank, string>;
  for (const rank of RANKS) {
    users[rank] = await createUser(app, rank, team);
    tokens[rank] = users[rank].token;
  }
  return { team, users, tokens, named: [] };
}

const signedIn = z.object({ rank: z.string() });

/**
 * A valid request may delete or re-rank a caller (`accounts/update` replaces the
 * team's list and signs re-ranked users out): such a caller is created again.
 */
async function keepCallersSignedIn(app: FastifyInstance, t: FuzzTeam) {
  for (const rank of RANKS) {
    const me = await app.inject({ url: '/api/user/me', headers: bearer(t.tokens[rank]) });
    if (me.statusCode === 200 && signedIn.safeParse(me.json()).data?.rank === rank) continue;
    t.users[rank] = await createUser(app, rank, t.team);
    t.tokens[rank] = t.users[rank].token;
  }
}

/** The named accounts, created again when a request deleted one (hashing a password is slow). */
async function namedAccounts(app: FastifyInstance, t: FuzzTeam): Promise<TestUser[]> {
  const ids = t.named.map((u) => u.id);
  const alive = ids.length
    ? await app.db.selectFrom('users').select('id').where('id', 'in', ids).execute()
    : [];
  if (alive.length !== 3) {
    t.named = [
      await createUser(app, 'user', 'fuzz-guests'),
      await createUser(app, 'viewer', t.team),
      await createUser(app, 'user', t.team),
    ];
  }
  return t.named;
}

/**
 * A fresh project of the team with gateways, a licence, a message and monitoring
 * data, and fresh accounts for the requests to name (a valid request may delete them).
 */
export async function freshRouteFixture(app: FastifyInstance, t: FuzzTeam): Promise<RouteFixture> {
  await keepCallersSignedIn(app, t);
  const people = await namedAccounts(app, t);
  const guest = people[0] ?? (await createUser(app, 'user', 'fuzz-guests'));
  const f = await matrixFixture(app, t.team, guest, [t.users.viewer]);
  const known = {
    projectId: f.project.id,
    gatewayId: f.gateway.id,
    gatewayMac: f.gateway.mac,
    looseMac: f.loose.mac,
    waiting: f.waiting,
    demo: {
      id: f.hub.demo.id,
      mac: f.hub.demo.mac,
      poolMac: f.hub.demoPool.mac,
      targetMac: f.hub.demoTarget.mac,
    },
    licence: f.licence,
    messageId: f.message,
    emails: people.map((u) => u.email),
    userIds: people.map((u) => u.id),
    password: PASSWORD,
  };
  return { known, tokens: { ...t.tokens } };
}
