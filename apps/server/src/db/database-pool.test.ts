import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';
import { loadConfig } from '../config';

describe('DATABASE_POOL_MAX', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-pool-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/atrium', ...env });

  it('is 10 by default, and refuses fewer than the 2 write lanes', () => {
    expect(load({}).database).toMatchObject({ kind: 'postgres', poolMax: 10 });
    expect(load({ DATABASE_POOL_MAX: '40' }).database).toMatchObject({ poolMax: 40 });
    expect(() => load({ DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => load({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe.runIf(process.env.ATRIUM_TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  let t: TestServer | undefined;
  afterAll(() => t?.close());

  it('opens at most DATABASE_POOL_MAX connections, however many queries wait', async () => {
    t = await startTestServer({ DATABASE_POOL_MAX: '3' });
    const db = t.app.db;
    const pids = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`
          .execute(db)
          .then((r) => r.rows[0]?.pid),
      ),
    );
    expect(new Set(pids).size).toBeLessThanOrEqual(3);
    expect(new Set(pids).size).toBeGreaterThanOrEqual(2);
  });
});
