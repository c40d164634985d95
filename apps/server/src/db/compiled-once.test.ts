import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompiledOnce } from './compiled-once';
import { openDatabase, type Db } from './database';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-compiled-'));
  db = openDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
  await sql`create table t (id integer primary key, team text not null, v text not null)`.execute(
    db,
  );
  await sql`insert into t (team, v) values ('a', 'x'), ('a', 'y'), ('b', 'x'), ('b', 'z')`.execute(
    db,
  );
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** The test table, which the app's schema does not have. */
type T = { t: { id: number; team: string; v: string } };
const loose = () => db as unknown as Kysely<T>;

describe('a query compiled once', () => {
  it('runs with each call’s values, keeping the constants and a name used twice', async () => {
    let builds = 0;
    const q = new CompiledOnce(['team', 'v'], (p) => {
      builds++;
      return loose()
        .selectFrom('t')
        .select(['id', 'team', 'v'])
        .where((eb) => eb.or([eb('team', '=', p.team), eb('v', '=', p.v)]))
        .where('id', '>', 0)
        .where('team', '<>', p.v)
        .orderBy('id');
    });
    const run = async (team: string, v: string) =>
      (await db.executeQuery(q.with({ team, v }))).rows.map((r) => r.id);
    expect(await run('a', 'z')).toEqual([1, 2, 4]);
    expect(await run('b', 'y')).toEqual([2, 3, 4]);
    expect(await run('c', 'nothing')).toEqual([]);
    expect(builds).toBe(1);
    // The constant stays in its place among the values.
    expect(q.with({ team: 'a', v: 'x' }).parameters).toEqual(['a', 'x', 0, 'x']);
  });

  it('gives the same rows as the query built each time', async () => {
    const build = (team: string) =>
      loose().selectFrom('t').selectAll().where('team', '=', team).orderBy('v', 'desc');
    const q = new CompiledOnce(['team'], (p) => build(p.team));
    for (const team of ['a', 'b', 'none']) {
      expect((await db.executeQuery(q.with({ team }))).rows).toEqual(await build(team).execute());
    }
  });

  it('refuses a placeholder written into the SQL, or left out', () => {
    const inText = new CompiledOnce(['v'], (p) =>
      loose().selectFrom('t').select('id').where('v', '=', sql.lit(p.v)),
    );
    expect(() => inText.with({ v: 'x' })).toThrow(/placeholder v was written into the SQL/);
    const unused = new CompiledOnce(['v', 'team'], (p) =>
      loose().selectFrom('t').select('id').where('v', '=', p.v),
    );
    expect(() => unused.with({ v: 'x', team: 'a' })).toThrow(/placeholder team is not a parameter/);
  });

  it('keeps PostgreSQL’s numbered parameters in order', () => {
    // Compiling needs no connection: the pool is never asked for one.
    const pg = new Kysely<T>({ dialect: new PostgresDialect({ pool: async () => ({}) as never }) });
    const q = new CompiledOnce(['team', 'v'], (p) =>
      pg.selectFrom('t').select('id').where('v', '=', p.v).where('team', '=', p.team),
    );
    const compiled = q.with({ team: 'b', v: 'z' });
    expect(compiled.sql).toBe('select "id" from "t" where "v" = $1 and "team" = $2');
    expect(compiled.parameters).toEqual(['z', 'b']);
  });
});
