import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bruteForceQuery,
  DAY,
  expectSameResult,
  HOUR,
  MIN,
  parisMidnightByRule,
  rawModel,
  seriesKey,
  storeTestServer,
} from './timeseries.testing';
import type { Point, QueryInput, QueryResult } from './timeseries.types';

const server = storeTestServer();

// A Paris midnight near the end of a month, so points and ranges cross monthly partitions,
// weeks and, 40 days later, the change to summer time (2024-03-31: a 23-hour day).
const BASE = Date.UTC(2024, 1, 19, 23);

/** Offsets from BASE, mostly on or next to bucket boundaries so they collide and straddle. */
const offset = fc.oneof(
  {
    // Paris midnights (22:00 or 23:00 UTC) and their neighbours, on both sides of the change.
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat(80), fc.integer({ min: -1, max: 1 }))
      .map(([days, nudge]) =>
        Math.max(0, parisMidnightByRule(BASE + days * DAY + 12 * HOUR) - BASE + nudge),
      ),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.nat(12),
        fc.constantFrom(1000, MIN, HOUR, DAY, 7 * DAY),
        fc.integer({ min: -1, max: 1 }),
      )
      .map(([k, unit, nudge]) => Math.max(0, k * unit + nudge + 3 * DAY)),
  },
  { weight: 1, arbitrary: fc.nat(45 * DAY) },
);

const scenario = fc.record({
  isBool: fc.boolean(),
  seriesCount: fc.integer({ min: 1, max: 3 }),
  // Values in eighths: exact in binary, so sums do not depend on the order of addition.
  batches: fc.array(
    fc.array(fc.record({ s: fc.nat(2), o: offset, n: fc.integer({ min: -800, max: 800 }) }), {
      maxLength: 40,
    }),
    { minLength: 1, maxLength: 4 },
  ),
  queries: fc.array(
    fc.record({
      start: fc.oneof(fc.constant(0), offset),
      length: fc.oneof(
        fc.integer({ min: -HOUR, max: 3 * HOUR }),
        fc.nat(60 * DAY),
        fc.constant(90 * DAY),
      ),
      precision: fc.constantFrom('auto', '1s', '1m', '1h', '1d', '1w'),
      aggregation: fc.constantFrom('mean', 'max', 'min'),
      source: fc.constantFrom('rollup', 'raw'),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

/** The expected result, or the error code the query must fail with. */
function expected(raw: Point[], input: QueryInput): QueryResult | { code: unknown } {
  try {
    return bruteForceQuery(raw, input);
  } catch (err) {
    return { code: (err as { code?: unknown }).code };
  }
}

describe(`graph query vs brute force (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('equals a plain aggregate of the raw points for random data, ranges and precisions', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const ids = await Promise.all(
          Array.from({ length: sc.seriesCount }, () => server.store.ensureSeries(seriesKey())),
        );
        const value = (n: number) => (sc.isBool ? Math.abs(n) % 2 : n / 8);
        const batches = sc.batches.map((b) =>
          b.map(({ s, o, n }) => ({ seriesId: ids[s % ids.length]!, t: BASE + o, v: value(n) })),
        );
        for (const batch of batches) await server.store.writeBatch(batch);
        const raw = rawModel(batches);
        for (const { start, length, ...rest } of sc.queries) {
          const input = { ...rest, seriesIds: ids, isBool: sc.isBool, start: BASE + start };
          const q = { ...input, stop: input.start + length };
          const want = expected(raw, q);
          if ('code' in want) await expect(server.store.query(q)).rejects.toMatchObject(want);
          else expectSameResult(await server.store.query(q), want);
        }
      }),
      { numRuns: 60 },
    );
  });
});
