import type SQLite from 'better-sqlite3';
import { groupBySeries, type BucketKey, type RawOutcome } from './timeseries.batch';
import { windowEnd, type RollupLevel } from './timeseries.windows';
import type { Point } from './timeseries.types';
import type { RollupIncrements, WriteTransaction } from './timeseries.store';

const TABLE: Readonly<Record<RollupLevel, string>> = {
  '1m': 'ts_1m',
  '1h': 'ts_1h',
  '1d': 'ts_1d',
};

const addSql = (table: string) => `
  INSERT INTO ${table} (series, bucket, count, sum, min, max) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (series, bucket) DO UPDATE SET count = count + excluded.count,
    sum = sum + excluded.sum, min = MIN(min, excluded.min), max = MAX(max, excluded.max)`;

// Each level is rebuilt from the one below: minutes from raw, hours from minutes, Paris days from hours.
const SOURCE: Readonly<Record<RollupLevel, { from: string; time: string; cols: string }>> = {
  '1m': { from: 'ts_raw', time: 't', cols: 'COUNT(*), SUM(v), MIN(v), MAX(v)' },
  '1h': { from: 'ts_1m', time: 'bucket', cols: 'SUM(count), SUM(sum), MIN(min), MAX(max)' },
  '1d': { from: 'ts_1h', time: 'bucket', cols: 'SUM(count), SUM(sum), MIN(min), MAX(max)' },
};
const recomputeSql = (level: RollupLevel) => {
  const { from, time, cols } = SOURCE[level];
  return `
  INSERT INTO ${TABLE[level]} (series, bucket, count, sum, min, max)
  SELECT series, ?, ${cols} FROM ${from} WHERE series = ? AND ${time} >= ? AND ${time} < ?
  GROUP BY series
  ON CONFLICT (series, bucket) DO UPDATE SET count = excluded.count, sum = excluded.sum,
    min = excluded.min, max = excluded.max`;
};

type Row6 = [number, number, number, number, number, number];

// Many rows per statement: one native call per block instead of one per point.
const BLOCK = 64;
const insertBlockSql = `INSERT INTO ts_raw (series, t, v) VALUES ${Array(BLOCK).fill('(?, ?, ?)').join(', ')}`;

/** Prepared statements of the SQLite write path, run inside the store's transaction. */
export class SqliteWriteRepository implements WriteTransaction {
  private readonly anyInRange;
  private readonly valueAt;
  private readonly insertRaw;
  private readonly insertBlock;
  private readonly updateRaw;
  private readonly add;
  private readonly rebuild;
  private readonly bump;

  constructor(sqlite: SQLite.Database) {
    this.anyInRange = sqlite
      .prepare<[number, number, number], number>(
        'SELECT 1 FROM ts_raw WHERE series = ? AND t BETWEEN ? AND ? LIMIT 1',
      )
      .pluck();
    this.valueAt = sqlite
      .prepare<[number, number], number>('SELECT v FROM ts_raw WHERE series = ? AND t = ?')
      .pluck();
    this.insertRaw = sqlite.prepare<[number, number, number]>(
      'INSERT INTO ts_raw (series, t, v) VALUES (?, ?, ?)',
    );
    this.insertBlock = sqlite.prepare<number[]>(insertBlockSql);
    this.bump = sqlite.prepare<[number]>(
      'INSERT INTO ts_block_gen (block, gen) VALUES (?, 1) ON CONFLICT (block) DO UPDATE SET gen = gen + 1',
    );
    this.updateRaw = sqlite.prepare<[number, number, number]>(
      'UPDATE ts_raw SET v = ? WHERE series = ? AND t = ?',
    );
    const byLevel = <T>(make: (level: RollupLevel) => T) => ({
      '1m': make('1m'),
      '1h': make('1h'),
      '1d': make('1d'),
    });
    this.add = byLevel((l) => sqlite.prepare<Row6>(addSql(TABLE[l])));
    this.rebuild = byLevel((l) =>
      sqlite.prepare<[number, number, number, number]>(recomputeSql(l)),
    );
  }

  /** Looks up existing values only for series whose batch range already holds points. */
  writeRaw(sorted: Point[]): RawOutcome {
    const outcome: RawOutcome = { fresh: [], replaced: [] };
    for (const { series, lo, hi, points } of groupBySeries(sorted)) {
      if (this.anyInRange.get(series, lo, hi) === undefined) {
        this.insertAll(points);
        for (const p of points) outcome.fresh.push(p);
        continue;
      }
      for (const p of points) {
        const old = this.valueAt.get(series, p.t);
        if (old === undefined) {
          this.insertRaw.run(series, p.t, p.v);
          outcome.fresh.push(p);
        } else if (old !== p.v) {
          this.updateRaw.run(p.v, series, p.t);
          outcome.replaced.push(p);
        }
      }
    }
    return outcome;
  }

  /** Inserts points known to be new, BLOCK rows per statement. */
  private insertAll(points: readonly Point[]): void {
    let i = 0;
    for (; i + BLOCK <= points.length; i += BLOCK) {
      this.insertBlock.run(...points.slice(i, i + BLOCK).flatMap((p) => [p.seriesId, p.t, p.v]));
    }
    for (const p of points.slice(i)) this.insertRaw.run(p.seriesId, p.t, p.v);
  }

  addToRollups(increments: RollupIncrements): void {
    for (const { level, rows } of increments) {
      const add = this.add[level];
      for (const r of rows) add.run(r.series, r.bucket, r.count, r.sum, r.min, r.max);
    }
  }

  recompute(level: RollupLevel, buckets: BucketKey[]): void {
    for (const { series, bucket } of buckets) {
      this.rebuild[level].run(bucket, series, bucket, windowEnd(bucket, level));
    }
  }

  bumpBlocks(blocks: readonly number[]): void {
    for (const block of blocks) this.bump.run(block);
  }
}
