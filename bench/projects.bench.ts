/**
 * Projects benchmark (issue 3, point 9): the real server (a child process, so
 * the load generator does not share its event loop) seeded with one team of
 * 500 projects and 5,000 gateways; 200 requests/s, evenly spaced, for 10 s on
 * the projects list and on the table of a 1,000-gateway project (open loop, each
 * latency from the request's due time: bench/open-loop-http.ts), asking like
 * a browser (gzip), then without gzip for comparison.
 * Target: p99 ≤ 30 ms. Run alone: `node --import tsx bench/projects.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { openLoop } from './open-loop-http';

const RATE = 200;
const SECONDS = 10;
const TARGET_P99_MS = 30;

const ready = z.object({ port: z.number(), token: z.string(), bigProject: z.string() });
const elapsedReply = z.object({ elapsed: z.array(z.number()) });

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** The server-side times of the requests since the last call. */
function serverTimes(child: ChildProcess): Promise<number[]> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(elapsedReply.parse(m).elapsed));
    child.send('elapsed');
  });
}

/** Starts bench/projects-server.ts and waits for its BENCH_READY line. */
function startServer(): Promise<{ child: ChildProcess; info: z.infer<typeof ready> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'projects-server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (!line.startsWith('BENCH_READY ')) return;
      resolve({ child, info: ready.parse(JSON.parse(line.slice('BENCH_READY '.length))) });
    });
  });
}

interface Figures {
  name: string;
  judged?: boolean;
  p50: number;
  p99: number;
  serverP50: number;
  serverP99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  kbPerReply: number;
}

/** What the console's browser sends: a bearer token, and gzip accepted. */
const browser = (token: string) => ({
  authorization: `Bearer ${token}`,
  'accept-encoding': 'gzip, deflate, br',
});

async function load(
  child: ChildProcess,
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<Figures> {
  // One request first: the build that every later request reuses until a write.
  const first = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  // fetch inflates gzip: the size on the wire is the content-length header.
  const bytes = Number(res.headers.get('content-length') ?? 0);
  console.log(
    `${name}: first (uncached) reply ${(performance.now() - first).toFixed(1)} ms, ${res.status}`,
  );
  await serverTimes(child);
  const target = new URL(url);
  const r = await openLoop({
    port: Number(target.port),
    path: target.pathname,
    headers: () => headers,
    connections: 10,
    seconds: SECONDS,
    rate: RATE,
  });
  const inServer = await serverTimes(child);
  return {
    name,
    p50: Number(r.p50.toFixed(2)),
    p99: Number(r.p99.toFixed(2)),
    serverP50: Number(quantile(inServer, 0.5).toFixed(2)),
    serverP99: Number(quantile(inServer, 0.99).toFixed(2)),
    max: Number(r.max.toFixed(2)),
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
    kbPerReply: Math.round(bytes / 1024),
  };
}

const meets = (r: Figures) => r.p99 <= TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;

/** Runs the loads; true when the browser-like ones meet the target. */
export async function main(): Promise<boolean> {
  const { child, info } = await startServer();
  try {
    const base = `http://127.0.0.1:${info.port}`;
    const list = `${base}/api/project`;
    const table = `${base}/api/gateway/${info.bigProject}`;
    const plain = { authorization: `Bearer ${info.token}`, 'accept-encoding': 'identity' };
    const results = [
      {
        ...(await load(
          child,
          'GET /api/project (500 projects, 5,000 gateways)',
          list,
          browser(info.token),
        )),
        judged: true,
      },
      {
        ...(await load(
          child,
          'GET /api/gateway/{projectId} (1,000 gateways)',
          table,
          browser(info.token),
        )),
        judged: true,
      },
      await load(child, 'same list, no gzip', list, plain),
      await load(child, 'same table, no gzip', table, plain),
      // The floor: a tiny signed-in reply, to tell the machine's own noise from the routes' cost.
      await load(child, 'floor: GET /api/user/me', `${base}/api/user/me`, plain),
    ];
    console.log(`\n${RATE} req/s for ${SECONDS} s each; target p99 ≤ ${TARGET_P99_MS} ms`);
    console.table(
      results.map((r) => ({
        route: r.name,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        'server p50': r.serverP50,
        'server p99': r.serverP99,
        requests: r.requests,
        'non-2xx': r.non2xx,
        errors: r.errors,
        'KiB/reply': r.kbPerReply,
        target: r.judged ? (meets(r) ? 'met' : 'MISSED') : `(${meets(r) ? 'met' : 'missed'})`,
      })),
    );
    console.log(
      'Judged on what a browser asks for (gzip); the rows in brackets are for information.',
    );
    return results.filter((r) => r.judged).every(meets);
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
