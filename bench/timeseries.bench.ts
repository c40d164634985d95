/**
 * Time-series benchmark (issue 4, point 9): ingest through the batching writer vs
 * one transaction per point, and the year-long graph query vs a plain GROUP BY over
 * raw points, on SQLite and PostgreSQL in the same run.
 * Run alone: `node --import tsx bench/timeseries.bench.ts`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database';
import { createTimeSeriesStore } from '../apps/server/src/modules/timeseries/create-timeseries-store';
import { startPostgres } from '../apps/server/test/postgres-cluster';
import {
  GRAPH,
  MIN,
  YEAR,
  ingestBatched,
  ingestRowByRow,
  loadYear,
  now,
  timeQueries,
} from './timeseries-workload';

interface Figures {
  batched: number;
  baseline: number;
  median: number;
  p95: number;
  rawMedian: number;
  points: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function measure(name: string, db: Db, analyze: () => Promise<void>): Promise<Figures> {
  await migrateToLatest(db);
  const store = createTimeSeriesStore(db);
  const baseline = await ingestRowByRow(store);
  const batched = await ingestBatched(store);
  let t0 = now();
  const ids = await loadYear(store);
  const loadSeconds = (now() - t0) / 1000;
  console.log(
    `${name}: loaded ${(GRAPH.series * YEAR) / MIN} points in ${loadSeconds.toFixed(1)} s`,
  );
  await analyze();
  t0 = now();
  const rollup = await timeQueries(store, ids, 'rollup', GRAPH.runs);
  const raw = await timeQueries(store, ids, 'raw', GRAPH.rawRuns);
  console.log(`${name}: queries took ${((now() - t0) / 1000).toFixed(1)} s`);
  return {
    batched,
    baseline,
    median: quantile(rollup.times, 0.5),
    p95: quantile(rollup.times, 0.95),
    rawMedian: quantile(raw.times, 0.5),
    points: rollup.points,
  };
}

async function onSqlite(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.sqlite') });
  try {
    return await measure('SQLite', db, async () => {});
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures | undefined> {
  if (!existsSync(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin')) {
    console.log('PostgreSQL skipped: /usr/lib/postgresql/15/bin is missing');
    return undefined;
  }
  const cluster = await startPostgres();
  const db = openDatabase({ kind: 'postgres', url: cluster.url });
  try {
    // Fresh planner statistics, as autovacuum would have gathered on a live database.
    return await measure('PostgreSQL', db, async () => {
      await sql`ANALYZE`.execute(db);
    });
  } finally {
    await db.destroy();
    cluster.stop();
  }
}

type Row = [measure: string, figure: (f: Figures) => string, target?: string, met?: Check];
type Check = (f: Figures, db: 'SQLite' | 'PostgreSQL') => boolean;

const num = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(2)} ms`;
const times = (x: number) => `${x.toFixed(1)}×`;
const ROWS: Row[] = [
  [
    'ingest, batched writer (points/s)',
    (f) => num(f.batched),
    '≥ 200,000 on SQLite',
    (f, db) => db !== 'SQLite' || f.batched >= 200_000,
  ],
  ['ingest, row per insert (points/s)', (f) => num(f.baseline)],
  [
    'ingest ratio batched / row',
    (f) => times(f.batched / f.baseline),
    '≥ 20×',
    (f) => f.batched >= 20 * f.baseline,
  ],
  ['graph 10 × 1 year auto: median', (f) => ms(f.median), '≤ 25 ms', (f) => f.median <= 25],
  ['graph 10 × 1 year auto: p95', (f) => ms(f.p95)],
  ['points returned (10 series)', (f) => num(f.points), '≤ 1,000 per series'],
  ['same buckets, GROUP BY raw: median', (f) => ms(f.rawMedian)],
  ['ratio raw GROUP BY / rollups', (f) => times(f.rawMedian / f.median)],
];

/** Prints the table; returns whether every target was met. */
function report(figures: { SQLite: Figures; PostgreSQL?: Figures }): boolean {
  const dbs = (['SQLite', 'PostgreSQL'] as const).flatMap((db) => {
    const f = figures[db];
    return f ? [{ db, f }] : [];
  });
  let allMet = true;
  const table = ROWS.map(([measure, figure, target = '', met]) => {
    const missed = dbs.filter(({ db, f }) => met && !met(f, db)).map(({ db }) => db);
    allMet &&= missed.length === 0;
    const verdict = !met ? '' : missed.length ? `MISSED (${missed.join(', ')})` : 'met';
    const cells = Object.fromEntries(dbs.map(({ db, f }) => [db, figure(f)]));
    return { measure, ...cells, target, verdict };
  });
  console.log(`\nTime-series benchmark (Node ${process.version}, ${cpus().length} CPUs)`);
  console.table(table);
  return allMet;
}

/** Runs SQLite then PostgreSQL, prints the figures; false when a target is missed. */
export async function main(): Promise<boolean> {
  const sqlite = await onSqlite();
  const pg = await onPostgres();
  return report({ SQLite: sqlite, ...(pg ? { PostgreSQL: pg } : {}) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
