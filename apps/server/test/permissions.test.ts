import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKS, type Rank } from '@atrium/contracts/limits';
import { PERMISSIONS, READ_ONLY_POSTS, routeKey, type Access } from '../src/permissions';
import { multipartFile } from './fixtures';
import {
  matrixFixture,
  SAMPLED_PREFIXES,
  SAMPLES,
  type MatrixFixture,
  type Sample,
} from './matrix-fixtures';
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

type Relation = 'own' | 'other' | 'projectViewer';
type Outcome = 'allowed' | 'forbidden' | 'hidden';
const RELATIONS: readonly Relation[] = ['own', 'other', 'projectViewer'];

/** The caller's role on the own team's project (and its gateways), by the tenancy rules. */
function roleOf(rank: Rank, relation: Relation): 'owner' | 'viewer' | null {
  if (rank === 'admin') return 'owner';
  // A team's viewer rank reads only the projects it was added to (decision 0024).
  if (relation === 'own') return rank === 'viewer' ? null : 'owner';
  return relation === 'projectViewer' ? 'viewer' : null;
}

function expectedOutcome(
  access: Access,
  sample: Sample | undefined,
  rank: Rank,
  relation: Relation,
): Outcome {
  if (access.kind !== 'signedIn' || !access.ranks.includes(rank)) return 'forbidden';
  // A row of the fixture's team (a subscription): other teams are told it does not exist.
  if (sample?.teamRow && roleOf(rank, relation) !== 'owner') return 'hidden';
  const need = access.scope?.need ?? sample?.bodyScope;
  if (!need) return 'allowed';
  const role = roleOf(rank, relation);
  if (!role) return 'hidden';
  return need === 'edit' && role !== 'owner' ? 'forbidden' : 'allowed';
}

/** Without a sample: the scope parameter names the fixture, any other parameter a harmless id. */
function fallbackSample(access: Access, url: string, f: MatrixFixture): Sample {
  const params: Record<string, string> = {};
  for (const m of url.matchAll(/:([A-Za-z]+)/g)) params[m[1] ?? ''] = 'x0';
  if (access.kind === 'signedIn' && access.scope) {
    params[access.scope.param] = access.scope.kind === 'project' ? f.project.id : f.gateway.mac;
  }
  return { params, payload: {} };
}

function requestOf(method: string, url: string, s: Sample) {
  const path = url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(s.params?.[name] ?? 'x0'),
  );
  const query = s.query ? `?${new URLSearchParams(s.query).toString()}` : '';
  if (s.csv !== undefined) return { url: path + query, ...multipartFile('matrix.csv', s.csv) };
  if (s.xml !== undefined) return { url: path + query, ...multipartFile('matrix.xml', s.xml) };
  return {
    url: path + query,
    headers: {},
    ...(method === 'GET' ? {} : { payload: s.payload ?? {} }),
  };
}

/** The rank rules of document 1 §6 and document 2 §6: the table may be stricter, never looser. */
const FLOOR: Record<string, readonly Rank[]> = {
  'DELETE /api/project/delete/:id': ['admin', 'supervisor', 'manager'],
  'POST /api/project/create': ['supervisor', 'manager', 'user'],
  'POST /api/gateway/add': ['admin'],
  'POST /api/licences/add': ['admin'],
  'DELETE /api/gateway/delete/:id': ['admin'],
  'POST /api/information/version': ['admin'],
  'POST /api/information/message': ['admin'],
  'DELETE /api/information/message/:id': ['admin'],
  'GET /api/user/accounts': ['admin', 'supervisor', 'manager'],
  'POST /api/user/accounts/create': ['admin', 'supervisor', 'manager'],
  'POST /api/user/accounts/update': ['admin', 'supervisor', 'manager'],
  // The team activity log (issue 16): the team's managers and supervisors.
  'GET /api/activity': ['admin', 'supervisor', 'manager'],
  'GET /api/activity/export.csv': ['admin', 'supervisor', 'manager'],
};

describe('the spec floor', () => {
  it('grants no rank more than document 1 §6 and document 2 §6 allow', () => {
    for (const [key, allowed] of Object.entries(FLOOR)) {
      const access = PERMISSIONS[key];
      expect(access, key).toBeDefined();
      if (access?.kind !== 'signedIn') throw new Error(`${key} must require sign-in`);
      for (const rank of access.ranks) expect(allowed, `${key} grants ${rank}`).toContain(rank);
    }
  });

  it('never lets the viewer rank change anything, nor a project viewer edit its project', () => {
    for (const [key, access] of Object.entries(PERMISSIONS)) {
      if (key.startsWith('GET ') || READ_ONLY_POSTS.has(key) || access.kind !== 'signedIn')
        continue;
      expect(access.ranks, `${key} open to viewers`).not.toContain('viewer');
      if (access.scope) expect(access.scope.need, `${key} scope`).toBe('edit');
    }
  });
});

describe('permissions matrix: every route × rank × own team / other team / viewer of the project', () => {
  const callers = {} as Record<Relation, Record<Rank, TestUser>>;
  let guest: TestUser;
  let base: MatrixFixture;
  beforeAll(async () => {
    for (const relation of RELATIONS) {
      const team = `matrix-${relation}`;
      callers[relation] = {} as Record<Rank, TestUser>;
      for (const rank of RANKS) callers[relation][rank] = await createUser(t.app, rank, team);
    }
    guest = await createUser(t.app, 'user', 'matrix-guests');
    base = await matrixFixture(
      t.app,
      callers.own.user.team,
      guest,
      Object.values(callers.projectViewer),
    );
  });

  it('has a sample request for every route of the projects, gateways, licences and information areas', () => {
    const keys = t.app.guardedRoutes.map((r) => routeKey(r.method, r.url));
    const sampled = keys.filter((k) =>
      SAMPLED_PREFIXES.some((p) => k.split(' ')[1]?.startsWith(p)),
    );
    expect(sampled.length).toBeGreaterThanOrEqual(Object.keys(SAMPLES).length);
    for (const key of sampled) expect(SAMPLES, `no sample for ${key}`).toHaveProperty([key]);
    for (const key of Object.keys(SAMPLES))
      expect(keys, `sample without route ${key}`).toContain(key);
  });

  it('answers as the table and the tenancy rules say; other teams get 404 or 403, never data', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of t.app.guardedRoutes) {
      if (route.access.kind !== 'signedIn') continue;
      const key = routeKey(route.method, route.url);
      const sampleOf = SAMPLES[key];
      for (const relation of RELATIONS) {
        for (const rank of RANKS) {
          const user = callers[relation][rank];
          const byRank = route.access.ranks.includes(rank);
          const f = byRank
            ? await matrixFixture(
                t.app,
                callers.own.user.team,
                guest,
                relation === 'projectViewer' ? [user] : [],
              )
            : base;
          const sample = sampleOf?.(f) ?? fallbackSample(route.access, route.url, f);
          const outcome = expectedOutcome(
            route.access,
            sampleOf ? sample : undefined,
            rank,
            relation,
          );
          const method = route.method as 'GET' | 'POST' | 'DELETE' | 'PUT';
          const req = requestOf(method, route.url, sample);
          const res = await t.app.inject({
            method,
            ...req,
            headers: { ...req.headers, ...bearer(user.token) },
          });
          calls++;
          const at = `${key} as ${rank} (${relation}) → ${res.statusCode} ${res.body.slice(0, 120)}`;
          const ok =
            outcome === 'forbidden'
              ? res.statusCode === 403
              : outcome === 'hidden'
                ? res.statusCode === 404 &&
                  res.json<{ code: string }>().code === ((sampleOf && sample.teamRow) || 'notFound')
                : sampleOf
                  ? res.statusCode >= 200 && res.statusCode < 300
                  : ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500;
          if (!ok) failures.push(`expected ${outcome}: ${at}`);
          const targetsProject = route.access.scope ?? (sampleOf ? sample.bodyScope : undefined);
          const viewerRole =
            rank === 'viewer' || (targetsProject && roleOf(rank, relation) === 'viewer');
          if (viewerRole && method !== 'GET' && !READ_ONLY_POSTS.has(key) && res.statusCode < 300) {
            failures.push(`a viewer changed something: ${at}`);
          }
          if (
            roleOf(rank, relation) === null &&
            (res.body.includes(f.project.name) || res.body.includes(f.gateway.name))
          ) {
            failures.push(`leaks the other team's data: ${at}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
  }, 600_000); // hundreds of requests, each rank with fresh fixtures: 140 s on PostgreSQL with 2 busy CPUs, over 300 s on a slow day
});

describe('HEAD requests', () => {
  it('go through the GET entry: sign-in, rank and tenancy, and never run a handler unguarded', async () => {
    const owner = await createUser(t.app, 'user', 'head-team');
    const stranger = await createUser(t.app, 'user', 'head-strangers');
    const guestUser = await createUser(t.app, 'user', 'head-guests');
    const f = await matrixFixture(t.app, owner.team, guestUser, []);
    const url = `/api/gateway/init/${f.gateway.id}`;
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'HEAD', url, headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);
    const gw = await t.modules.gateways.repo.find({ id: f.gateway.id });
    expect(gw?.initialized).toBe(0);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/gateway/${f.project.id}` })).statusCode,
    ).toBe(401);
    const own = await t.app.inject({
      method: 'HEAD',
      url: `/api/project/${f.project.id}`,
      headers: bearer(owner.token),
    });
    expect(own.statusCode).toBe(200);
  });
});
