import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteHandleOf, type Db } from './database';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-driver-'));
  db = openDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const rows = () => sql<{ id: number; v: string }>`select id, v from t order by id`.execute(db);

describe('the SQLite driver', () => {
  it('hands the connection out in arrival order, even to thousands of waiting queries', async () => {
    const order: number[] = [];
    // Each transaction reads the last value and appends the next: out of order, a gap shows.
    const work = Array.from({ length: 2_000 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        const last = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        order.push(i);
        await sql`insert into t (v) values (${String(last.rows[0]?.n)})`.execute(trx);
      }),
    );
    await Promise.all(work);
    expect(order).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    const stored = (await rows()).rows;
    expect(stored.map((r) => Number(r.v))).toEqual(stored.map((_, i) => i));
  });

  it('waits for an open transaction before another query, which never sees its rows half-done', async () => {
    const trx = await db.startTransaction().execute();
    await sql`insert into t (v) values ('inside')`.execute(trx);
    const events: string[] = [];
    const read = rows().then((r) => events.push(`read ${r.rows.map((x) => x.v).join(',')}`));
    const write = sql`insert into t (v) values ('after')`
      .execute(db)
      .then(() => events.push('write'));
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]); // neither ran inside the open transaction
    // The transaction's own queries still run.
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]?.n).toBe(1);
    await trx.commit().execute();
    await Promise.all([read, write]);
    expect(events).toEqual(['read inside', 'write']);
    // A rolled-back transaction lets them go too, and leaves nothing.
    const undone = await db.startTransaction().execute();
    await sql`insert into t (v) values ('undone')`.execute(undone);
    const later = rows();
    await undone.rollback().execute();
    expect((await later).rows.map((r) => r.v)).toEqual(['inside', 'after']);
  });

  it('rolls back a failed transaction and a savepoint, and releases the connection', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (v) values ('gone')`.execute(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const trx = await db.startTransaction().execute();
    await sql`insert into t (v) values ('kept')`.execute(trx);
    const sp = await trx.savepoint('a "quoted" name').execute();
    await sql`insert into t (v) values ('undone')`.execute(sp);
    await sp.rollbackToSavepoint('a "quoted" name').execute();
    await sp.commit().execute();
    expect((await rows()).rows.map((r) => r.v)).toEqual(['kept']);
    // A bad statement rejects its query only.
    await expect(sql`select nope from t`.execute(db)).rejects.toThrow(/no such column/);
    expect((await rows()).rows).toHaveLength(1);
  });

  it('prepares a statement once, and still sees schema changes', async () => {
    const insert = (v: string) => sql`insert into t (v) values (${v})`.execute(db);
    await insert('a');
    const raw = sqliteHandleOf(db);
    if (!raw) throw new Error('no SQLite handle');
    const prepare = raw.prepare.bind(raw);
    let prepared = 0;
    raw.prepare = (text: string) => {
      prepared++;
      return prepare(text);
    };
    for (let i = 0; i < 50; i++) await insert(`x${i}`);
    expect(prepared).toBeLessThanOrEqual(1);
    await sql`alter table t add column w text`.execute(db);
    const result = await sql<{ w: string | null }>`select * from t limit 1`.execute(db);
    expect(result.rows[0]).toHaveProperty('w', null);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]?.n).toBe(51);
  });

  it('streams a select', async () => {
    for (const v of ['a', 'b', 'c']) await sql`insert into t (v) values (${v})`.execute(db);
    const seen: string[] = [];
    for await (const row of db
      .selectFrom('t' as never)
      .select(sql<string>`v`.as('v'))
      .stream())
      seen.push(row.v);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
