import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/postgres-cluster';

const ROOT = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Starts `npm start`'s server entry as a real process on a loopback port. */
async function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-proc-'));
  dirs.push(dataDir);
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(log);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const signin = (email: string, password: string) =>
    fetch(`${url}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: number } }));
  const stop = async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return { url, dataDir, signin, stop, log: () => log };
}

describe('the server process', () => {
  it('seeds demo accounts by default, writes mails to the outbox, and stops cleanly on SIGTERM', async () => {
    const s = await startServer({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    const res = await s.signin('user@atrium.demo', 'Demo-User-2026!');
    expect(res).toMatchObject({ status: 403, body: { code: 3 } });
    const outbox = join(s.dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(outbox, files[0]!), 'utf8')).toContain('user@atrium.demo');
    for (let i = 0; i < 40 && !s.log().includes('mail written to outbox'); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(s.log()).toContain('mail written to outbox');
    expect(s.log()).toMatch(/"preview":"\d{6}"/);
    expect(s.log()).not.toContain('Demo-User-2026!');
    // Serves the translation files.
    const fr = (await fetch(`${s.url}/assets/i18n/fr.json`).then((r) => r.json())) as object;
    expect(Object.keys(fr).length).toBeGreaterThan(5);
    expect(await s.stop()).toBe(0);
  });

  it('seeds nothing in production; the CLI creates the first admin', async () => {
    const s = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    expect((await s.signin('admin@atrium.demo', 'Demo-Admin-2026!')).body).toMatchObject({
      code: 1,
    });
    const run = promisify(execFile);
    const out = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-admin.ts',
        '--email',
        'Boss@Example.com',
        '--password',
        'Adm1n!pass',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: s.dataDir, MQTT_PORT: '0' },
      },
    );
    expect(out.stdout).toContain('boss@example.com');
    expect(await s.signin('boss@example.com', 'Adm1n!pass')).toMatchObject({
      status: 403,
      body: { code: 3 },
    });
    const bad = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-admin.ts',
        '--email',
        'x@y.z',
        '--password',
        'weak',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: s.dataDir, MQTT_PORT: '0' },
      },
    ).catch((e: { code: number }) => e);
    expect(bad).toMatchObject({ code: 2 });
    expect(await s.stop()).toBe(0);
  });

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
