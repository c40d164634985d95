import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free loopback port. */
/** Whether 127.0.0.1:port can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A loopback port free now, for a server about to start. Taken below the kernel's ephemeral
 * range (32768–60999 on Linux): a port the kernel hands out for `listen(0)` can be given to an
 * outgoing connection (a browser's, a client's) before the server binds it, and the server
 * then fails with EADDRINUSE (it happened in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (it refuses root). */
function runPg(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const cmd = asRoot ? 'runuser' : join(PG_BIN, bin);
  const full = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
  return execFileSync(cmd, full, { stdio: 'pipe' });
}

export interface PgCluster {
  url: string;
  /** The postmaster's process id (pg_ctl detaches it from the caller). */
  pid: number;
  stop(): void;
}

/** Starts Debian's PostgreSQL in a temporary folder on a loopback port. */
export async function startPostgres(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  runPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  runPg('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      spawnSync(
        process.getuid?.() === 0 ? 'runuser' : join(PG_BIN, 'pg_ctl'),
        process.getuid?.() === 0
          ? ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']
          : ['-D', data, '-m', 'immediate', 'stop'],
        { stdio: 'ignore' },
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
