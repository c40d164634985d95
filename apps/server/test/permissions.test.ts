import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKS, type Rank } from '@atrium/contracts/limits';
import { PERMISSIONS, routeKey } from '../src/permissions';
import { createUser, bearer, startTestServer, type TestServer, type TestUser } from './test-server';

let t: TestServer;
const users = {} as Record<Rank, TestUser>;
beforeAll(async () => {
  t = await startTestServer();
  const team = 'matrix-team';
  for (const rank of RANKS) users[rank] = await createUser(t.app, rank, team);
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every :param becomes a harmless id. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x0').replace('*', 'index.html');

describe('permissions table', () => {
  it('has an entry for every route, and no entry without a route', () => {
    const routes = new Set(t.app.guardedRoutes.map((r) => routeKey(r.method, r.url)));
    expect(routes.size).toBeGreaterThan(10);
    for (const key of Object.keys(PERMISSIONS)) expect(routes, `stale entry ${key}`).toContain(key);
  });

  it('enforces sign-in and rank on every guarded route, for every rank', async () => {
    const guarded = t.app.guardedRoutes.filter((r) => r.access.kind === 'signedIn');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      if (route.access.kind !== 'signedIn') continue;
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${method} ${url} without token`).toBe(401);
      for (const rank of RANKS) {
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(users[rank].token),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = route.access.ranks.includes(rank);
        if (allowed) expect(res.statusCode, `${method} ${url} as ${rank}`).not.toBe(403);
        else expect(res.statusCode, `${method} ${url} as ${rank}`).toBe(403);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });
});
