/**
 * The time-series benchmark's workloads (see timeseries.bench.ts): gateways
 * publishing through the batching writer, the row-per-insert baseline, a year of
 * 1-minute data and the timed graph queries.
 */
import { BatchingWriter } from '../apps/server/src/modules/timeseries/batching-writer';
import type {
  Point,
  TimeSeriesStore,
} from '../apps/server/src/modules/timeseries/timeseries.types';

/** Sizes: ingest of 300,000 points over 100 addresses; 10 addresses × 1 year of 1-minute data. */
export const MIN = 60_000;
export const YEAR_START = Date.UTC(2024, 0, 1);
export const YEAR = 365 * 24 * 60 * MIN;
export const INGEST = { series: 100, points: 300_000, publishPoints: 50, inFlight: 200 };
const BASELINE_SECONDS = 3;
export const GRAPH = { series: 10, loadChunk: 52_560, runs: 30, rawRuns: 5 };

export const now = () => performance.now();

async function newSeries(store: TimeSeriesStore, project: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await store.ensureSeries({
        projectId: project,
        gatewayMac: 'BENCH',
        address: `${i}`,
        kind: 'knx',
      }),
    );
  }
  return ids;
}

/** Gateways publishing batches of telegrams (1 s apart per address), many publishes in flight. */
export async function ingestBatched(store: TimeSeriesStore): Promise<number> {
  const ids = await newSeries(store, 'ingest', INGEST.series);
  const writer = new BatchingWriter(store);
  const publishes = INGEST.points / INGEST.publishPoints;
  let next = 0;
  const gateway = async () => {
    for (let p = next++; p < publishes; p = next++) {
      const points = Array.from({ length: INGEST.publishPoints }, (_, i) => {
        const k = p * INGEST.publishPoints + i;
        return {
          seriesId: ids[k % ids.length] ?? 0,
          t: YEAR_START + Math.floor(k / ids.length) * 1000,
          v: k % 97,
        };
      });
      await writer.write(points);
    }
  };
  const t0 = now();
  await Promise.all(Array.from({ length: INGEST.inFlight }, gateway));
  await writer.close();
  return INGEST.points / ((now() - t0) / 1000);
}

/** The baseline: each point in its own transaction (raw insert plus the three rollup upserts). */
export async function ingestRowByRow(store: TimeSeriesStore): Promise<number> {
  const ids = await newSeries(store, 'baseline', INGEST.series);
  const t0 = now();
  let k = 0;
  while (now() - t0 < BASELINE_SECONDS * 1000) {
    for (let i = 0; i < 100; i++, k++) {
      const seriesId = ids[k % ids.length] ?? 0;
      await store.writeBatch([
        { seriesId, t: YEAR_START + Math.floor(k / ids.length) * 1000, v: k % 97 },
      ]);
    }
  }
  return k / ((now() - t0) / 1000);
}

/** 10 addresses × 1 year of 1-minute data, loaded with the fast batch path. */
export async function loadYear(store: TimeSeriesStore): Promise<number[]> {
  const ids = await newSeries(store, 'graph', GRAPH.series);
  const perSeries = YEAR / MIN;
  for (const seriesId of ids) {
    for (let from = 0; from < perSeries; from += GRAPH.loadChunk) {
      const chunk: Point[] = [];
      for (let i = from; i < Math.min(perSeries, from + GRAPH.loadChunk); i++) {
        chunk.push({
          seriesId,
          t: YEAR_START + i * MIN,
          v: 20 + 5 * Math.sin(i / 1440) + (i % 7) / 10,
        });
      }
      await store.writeBatch(chunk);
    }
  }
  return ids;
}

export async function timeQueries(
  store: TimeSeriesStore,
  ids: number[],
  source: 'rollup' | 'raw',
  runs: number,
) {
  const input = {
    seriesIds: ids,
    start: YEAR_START,
    stop: YEAR_START + YEAR,
    precision: 'auto' as const,
    aggregation: 'mean' as const,
    isBool: false,
    source,
  };
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < runs + 2; i++) {
    const t0 = now();
    const result = await store.query(input);
    if (i >= 2) times.push(now() - t0); // the first two warm caches up
    points = result.series.reduce((n, s) => n + s.points.length, 0);
  }
  return { times, points };
}
