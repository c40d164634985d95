/**
 * The projects-list load of the consoles benchmark, in its own process:
 * `node consoles-http.ts PORT FILE RATE SECONDS CONNECTIONS` asks GET /api/project at RATE
 * requests/s for SECONDS over CONNECTIONS keep-alive connections (autocannon, correcting
 * for coordinated omission), each request with the next member's session token of FILE
 * (bench/consoles-server.ts) and gzip accepted, as a browser asks. Prints one line
 * `HTTP_RESULT {json}`: requests, their rate, latency p50/p99/max (ms), non-2xx and errors.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { z } from 'zod';

const [port, file, rate, seconds, connections] = process.argv.slice(2).map(String);
const tokens = z
  .array(z.object({ token: z.string() }))
  .parse(JSON.parse(readFileSync(file ?? '', 'utf8')))
  .map((c) => c.token);
let next = 0;

const result = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections: Number(connections),
  overallRate: Number(rate),
  duration: Number(seconds),
  requests: [
    {
      method: 'GET',
      path: '/api/project',
      setupRequest: (req) => ({
        ...req,
        headers: {
          ...req.headers,
          authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          'accept-encoding': 'gzip',
        },
      }),
    },
  ],
});
console.log(
  `HTTP_RESULT ${JSON.stringify({
    requests: result.requests.total,
    perSecond: result.requests.total / Number(seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  })}`,
);
