import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server';
import {
  distinctFailures,
  formatFailure,
  histogram,
  isHealthy,
  runCampaign,
  type FuzzTarget,
} from './fuzz-campaign';
import { createFuzzTeam, freshRouteFixture } from './fuzz-fixtures';
import { routesOf, type RouteSpec } from './openapi-routes';

// A fixed seed keeps `npm test` repeatable; FUZZ_SEED explores others, FUZZ_ROUTE replays one route.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const ONLY = process.env.FUZZ_ROUTE;

let t: TestServer;
let target: FuzzTarget;
let routes: RouteSpec[];
beforeAll(async () => {
  t = await startTestServer();
  const team = await createFuzzTeam(t.app);
  target = {
    freshValues: () => freshRouteFixture(t.app, team),
    async send(req) {
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers,
        ...(req.body !== undefined ? { payload: req.body } : {}),
      });
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        body: res.body,
      };
    },
  };
  const doc = await t.app.inject({ url: '/api/docs/json' });
  routes = routesOf(doc.json()).filter((r) => !ONLY || r.key === ONLY);
});
afterAll(() => t.close());

describe('fuzzing every route of the OpenAPI document', () => {
  it('reads the routes, their parameters, bodies and file uploads', () => {
    if (ONLY) return;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.body?.kind === 'multipart').length).toBeGreaterThanOrEqual(4);
    expect(routes.some((r) => r.params.some((p) => p.name === 'projectId'))).toBe(true);
  });

  it('never answers 5xx or a 4xx without {statusCode, code, message}, and stays up', async () => {
    // PostgreSQL round trips cost more: a smaller pass keeps the run under two minutes.
    const mutations = Number(process.env.FUZZ_MUTATIONS ?? (t.dbKind === 'postgres' ? 3 : 6));
    const result = await runCampaign(target, {
      seed: SEED,
      routes,
      mutations,
      concurrency: 1,
      timeoutMs: 12_000,
    });
    console.log(
      `fuzz (${t.dbKind}, seed ${SEED}): ${result.sent} requests to ${routes.length} routes in ` +
        `${(result.elapsedMs / 1000).toFixed(1)} s; statuses ${histogram(result.statuses)}\n` +
        [...result.byCaller].map(([caller, s]) => `  ${caller}: ${histogram(s)}`).join('\n'),
    );
    const report = distinctFailures(result.failures).map((g) => formatFailure(g, SEED));
    expect(result.healthFailures).toEqual([]);
    expect(await isHealthy(target)).toBe(true);
    if (!ONLY) expect(result.sent).toBeGreaterThan(routes.length * 6 * mutations);
    // Set ATRIUM_TEST_LOG=error to see the server's error and stack for each failure.
    expect(report, `${report.length} distinct failures:\n${report.join('\n\n')}`).toEqual([]);
  }, 180_000);
});
