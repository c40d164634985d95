/**
 * The server process of the fuzz benchmark (bench/fuzz.bench.ts): the test
 * server (the real app on a fresh SQLite file) listening on a free loopback
 * port, with a team of every rank. Run with `--import ./outside-vitest.ts`
 * and ATRIUM_TEST_LOG=error: errors are logged as JSON lines on stdout (the
 * bench matches their stacks to failures by request id). Prints
 * `FUZZ_READY {"port":...}`; over IPC it answers `fixture` (fresh objects and
 * live sessions for one route) and `memory` (RSS and heap used, after a full
 * GC when node runs with --expose-gc).
 */
import { z } from 'zod';
import { startTestServer } from '../test-server';
import { createFuzzTeam, freshRouteFixture } from './fuzz-fixtures';

const askMessage = z.object({ id: z.number(), kind: z.enum(['fixture', 'memory']) });

const t = await startTestServer();
const team = await createFuzzTeam(t.app);

async function memory() {
  // Two passes: the first frees what only a finalizer held.
  for (let i = 0; i < 2; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, gc: typeof globalThis.gc === 'function' };
}

process.on('message', (raw) => {
  const ask = askMessage.safeParse(raw);
  if (!ask.success) return;
  const { id, kind } = ask.data;
  const answer = kind === 'fixture' ? freshRouteFixture(t.app, team) : memory();
  answer.then(
    (value) => process.send?.({ id, value }),
    (err: unknown) => process.send?.({ id, error: String(err) }),
  );
});

await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`FUZZ_READY ${JSON.stringify({ port })}`);

const stop = () => void t.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
