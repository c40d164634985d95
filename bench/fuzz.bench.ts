/**
 * Fuzz benchmark: the fuzzer of apps/server/test/fuzz against the real server
 * in a child process (over HTTP, so the node HTTP parser is fuzzed too), every
 * route of the OpenAPI document × anonymous and every rank × 20 requests (one
 * valid, 19 broken): over 10,000 requests. Reports the status histogram, every
 * distinct failure with its request and the server's stack, the throughput,
 * and the server's RSS and heap before and after (after a full GC).
 * Target: no 5xx and no crash. FUZZ_SEED replays a run (the seed is printed).
 * Run alone: `node --import tsx bench/fuzz.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  distinctFailures,
  formatFailure,
  histogram,
  routeFixture,
  runCampaign,
  type FuzzTarget,
} from '../apps/server/test/fuzz/fuzz-campaign';
import { routesOf } from '../apps/server/test/fuzz/openapi-routes';
import type { WireReply } from '../apps/server/test/fuzz/reply-check';
import type { WireRequest } from '../apps/server/test/fuzz/request-parts';

const MUTATIONS = 19;
const MIN_REQUESTS = 10_000;
const FUZZ_DIR = join(import.meta.dirname, '../apps/server/test/fuzz');

const ready = z.object({ port: z.number() });
const memory = z.object({ rss: z.number(), heapUsed: z.number(), gc: z.boolean() });
const answer = z.object({ id: z.number(), value: z.unknown(), error: z.string().optional() });
const logLine = z.object({
  level: z.number(),
  reqId: z.string().optional(),
  msg: z.string().optional(),
  err: z.object({ stack: z.string().optional(), message: z.string().optional() }).optional(),
});

interface Server {
  child: ChildProcess;
  port: number;
  /** Error stacks the server logged, by request id. */
  stacks: Map<string, string>;
  /** How the server process ended, once it has. */
  exited: () => string | undefined;
  ask(kind: 'fixture' | 'memory'): Promise<unknown>;
}

function startServer(): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './outside-vitest.ts', 'fuzz-server.ts'],
    {
      cwd: FUZZ_DIR,
      env: { ...process.env, ATRIUM_TEST_LOG: 'error' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const stacks = new Map<string, string>();
  let exited: string | undefined;
  let nextId = 0;
  const waiting = new Map<number, (a: z.infer<typeof answer>) => void>();
  child.on('message', (m) => {
    const a = answer.safeParse(m);
    if (a.success) waiting.get(a.data.id)?.(a.data);
  });
  const server = (port: number): Server => ({
    child,
    port,
    stacks,
    exited: () => exited,
    ask: (kind) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (a) => (a.error ? reject(new Error(a.error)) : resolve(a.value)));
        child.send({ id, kind });
      }),
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) => {
      exited = `exited with code ${code}, signal ${signal}`;
      reject(new Error(`fuzz server ${exited}`));
    });
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith('FUZZ_READY ')) {
        resolve(server(ready.parse(JSON.parse(line.slice('FUZZ_READY '.length))).port));
        return;
      }
      const log = logLine.safeParse(JSON.parse(line.startsWith('{') ? line : 'null'));
      if (log.success && log.data.reqId && log.data.err) {
        stacks.set(log.data.reqId, log.data.err.stack ?? log.data.err.message ?? '');
      }
    });
  });
}

/**
 * One request over HTTP, the bytes as the fuzzer made them, on a connection of
 * its own: a request the server leaves half-read must not break the next one.
 */
function send(port: number, req: WireRequest): Promise<WireReply> {
  // Node frames a DELETE body only when told its length (it chunks POST bodies by itself).
  const length = req.body === undefined ? {} : { 'content-length': Buffer.byteLength(req.body) };
  const headers = { ...req.headers, ...length };
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs the campaign; true when no request got a 5xx and the server never stopped answering. */
export async function main(): Promise<boolean> {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
  const server = await startServer();
  try {
    const target: FuzzTarget = {
      send: (req) => send(server.port, req),
      freshValues: async () => routeFixture.parse(await server.ask('fixture')),
    };
    const doc = await send(server.port, {
      method: 'GET',
      url: '/api/docs/json',
      headers: {},
    });
    const routes = routesOf(JSON.parse(doc.body));
    const before = memory.parse(await server.ask('memory'));
    const result = await runCampaign(target, {
      seed,
      routes,
      mutations: MUTATIONS,
      concurrency: 4,
      timeoutMs: 15_000,
    });
    const crashed = server.exited() !== undefined || result.healthFailures.length > 0;
    const after = crashed ? undefined : memory.parse(await server.ask('memory'));
    const serverErrors = result.failures.filter((f) => !f.reply || f.reply.status >= 500);

    console.log(`seed ${seed}: ${result.sent} requests to ${routes.length} routes`);
    console.log(`statuses: ${histogram(result.statuses)}`);
    for (const [caller, s] of result.byCaller) console.log(`  ${caller}: ${histogram(s)}`);
    console.log(
      `throughput: ${(result.sent / (result.elapsedMs / 1000)).toFixed(0)} requests/s ` +
        `(${(result.elapsedMs / 1000).toFixed(1)} s, 4 in flight, fresh fixtures per route included)`,
    );
    console.table({
      before: { rss: mb(before.rss), 'heap used': mb(before.heapUsed) },
      after: after ? { rss: mb(after.rss), 'heap used': mb(after.heapUsed) } : 'crashed',
    });
    console.log(
      before.gc ? 'memory after a forced full GC' : 'memory after a short settle (no --expose-gc)',
    );
    const groups = distinctFailures(result.failures);
    console.log(`\n${result.failures.length} failing requests, ${groups.length} distinct:`);
    for (const g of groups) {
      const id = /\(request ([^)]+)\)/.exec(g.example.reply?.body ?? '')?.[1];
      const stack = id ? server.stacks.get(id) : undefined;
      console.log(
        `\n${formatFailure(g, seed)}${stack ? `\n  server log: ${stack.split('\n').slice(0, 8).join('\n    ')}` : ''}`,
      );
    }
    for (const h of result.healthFailures) console.log(`CRASH: ${h}`);
    if (server.exited()) console.log(`CRASH: the server process ${server.exited()}`);
    const met = !crashed && serverErrors.length === 0 && result.sent >= MIN_REQUESTS;
    console.log(
      `\ntarget (no 5xx, no crash, ≥ ${MIN_REQUESTS} requests): ${met ? 'met' : 'MISSED'} ` +
        `(${serverErrors.length} 5xx or unanswered)`,
    );
    return met;
  } finally {
    server.child.kill('SIGTERM');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
