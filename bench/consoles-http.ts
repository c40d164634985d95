/**
 * The projects-list load of the consoles benchmark, in its own process:
 * `node consoles-http.ts PORT FILE RATE SECONDS CONNECTIONS` asks GET /api/project at RATE
 * requests/s, evenly spaced, for SECONDS over at most CONNECTIONS keep-alive connections
 * (bench/open-loop-http.ts: each latency counts from the request's due time), each request
 * with the next member's session token of FILE (bench/consoles-server.ts) and gzip accepted,
 * as a browser asks. Prints one line `HTTP_RESULT {json}`: requests, the rate kept up with,
 * the backlog's drain after the last was due (ms), latency
 * p50/p99/max from the due time and the service time p50/p99 (ms), non-2xx, errors, and this
 * process's own CPU and event-loop delay p99 (a starved load generator inflates the latency).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import { openLoop } from './open-loop-http';

const [port, file, rate, seconds, connections] = process.argv.slice(2).map(String);
const tokens = z
  .array(z.object({ token: z.string() }))
  .parse(JSON.parse(readFileSync(file ?? '', 'utf8')))
  .map((c) => c.token);

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await openLoop({
  port: Number(port),
  path: '/api/project',
  rate: Number(rate),
  seconds: Number(seconds),
  connections: Number(connections),
  headers: (i) => ({
    authorization: `Bearer ${tokens[i % tokens.length]}`,
    'accept-encoding': 'gzip',
  }),
});
const cpu = process.cpuUsage(cpu0);
loop.disable();
console.log(
  `HTTP_RESULT ${JSON.stringify({
    requests: result.requests,
    perSecond: result.perSecond,
    drainMs: result.drainMs,
    p50: result.p50,
    p99: result.p99,
    max: result.max,
    serviceP50: result.serviceP50,
    serviceP99: result.serviceP99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100,
    loopP99Ms: loop.percentile(99) / 1e6,
  })}`,
);
