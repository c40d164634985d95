import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Point } from './timeseries.types';

const NAME = /^ts_raw_(\d{4})(\d{2})$/;

/** Start of the UTC month `monthsAhead` after the one holding `t`. */
const monthStart = (t: number, monthsAhead = 0) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsAhead, 1);
};

const partitionName = (start: number) => {
  const d = new Date(start);
  return `ts_raw_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Distinct month starts of a batch's points. */
export function monthsOf(points: readonly Point[]): number[] {
  const months = new Set<number>();
  let [lo, hi] = [0, 0];
  for (const { t } of points) {
    if (t >= lo && t < hi) continue;
    [lo, hi] = [monthStart(t), monthStart(t, 1)];
    months.add(lo);
  }
  return [...months];
}

/** A warning sink (the app's logger). */
export type WarnLog = { warn(obj: object, msg: string): void };

/**
 * Monthly partitions of `ts_raw`, created on demand outside the write transaction
 * (DDL there would abort the batch on a race between two nodes) and dropped whole
 * when entirely older than a cut-off.
 */
export class RawPartitions {
  private readonly known = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly log?: WarnLog,
  ) {}

  async ensure(points: readonly Point[]): Promise<void> {
    for (const month of monthsOf(points)) {
      if (this.known.has(month)) continue;
      // The next month too, so that a month's first points never wait on DDL.
      await this.create(month);
      await this.create(monthStart(month, 1));
    }
  }

  private async create(start: number): Promise<void> {
    if (this.known.has(start)) return;
    const name = partitionName(start);
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.raw(name)} PARTITION OF ts_raw
        FOR VALUES FROM (${sql.lit(start)}) TO (${sql.lit(monthStart(start, 1))})`.execute(this.db);
    } catch (err) {
      // A concurrent creation is fine; otherwise the month's points land in ts_raw_default.
      if (!(await this.exists(name)))
        this.log?.warn({ err, partition: name }, 'partition not created');
    }
    this.known.add(start);
  }

  private async exists(name: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM pg_class WHERE relname = ${name}`.execute(this.db);
    return rows.length > 0;
  }

  /** Drops the monthly partitions that end at or before `cutoff`; returns their names. */
  async dropOlder(cutoff: number): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'ts_raw'::regclass ORDER BY 1`.execute(this.db);
    const dropped: string[] = [];
    for (const { name } of rows) {
      const m = NAME.exec(name);
      if (!m) continue;
      const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
      if (monthStart(start, 1) > cutoff) continue;
      await sql`DROP TABLE IF EXISTS ${sql.raw(name)}`.execute(this.db);
      this.known.delete(start);
      dropped.push(name);
    }
    return dropped;
  }
}
