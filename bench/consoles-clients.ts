/**
 * Console sockets of the consoles benchmark, in their own process (forked by
 * bench/consoles.bench.ts with an IPC channel): `node consoles-clients.ts PORT FILE FROM TO`
 * opens the consoles FROM..TO-1 of FILE ({token, project} each, bench/consoles-server.ts) as
 * the console does (apps/web/src/lib/realtime/socket.ts: path /socket.io, WebSocket only, the
 * session token as `auth.token`) and joins its project's room with its telegrams, as the bus
 * monitor does (`join` {project, telegrams: true}, acknowledged {ok}). Sends
 * {ready, connected, joined, refused} once every socket has answered; then on "reset" it
 * starts counting, and on "report" it answers the delays (telegram's creation on the
 * simulated gateway, `t`, to its arrival here) as a 1 ms histogram, the consoles that
 * received something, the disconnections meanwhile (the server closes a console whose
 * backlog passed SOCKET_BACKLOG_*; it reconnects), and this process's event-loop delay and CPU.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';

const [port, file, from, to] = process.argv.slice(2);
const all = z
  .array(z.object({ token: z.string(), project: z.string() }))
  .parse(JSON.parse(readFileSync(file ?? '', 'utf8')));
const mine = all.slice(Number(from), Number(to));
const telegramEvent = z.object({
  batches: z.array(z.object({ items: z.array(z.object({ t: z.number() })) })),
});
const joinAck = z.object({ ok: z.boolean() });

/** Delays in 1 ms buckets; the last bucket holds everything at or past it. */
const HISTOGRAM_MS = 60_000;
let histogram = new Uint32Array(HISTOGRAM_MS + 1);
let heard = new Set<number>();
let lost = 0;
let counting = false;
const loop = monitorEventLoopDelay({ resolution: 10 });
let cpu = process.cpuUsage();
let since = Date.now();

let [connected, joined, refused, answered] = [0, 0, 0, 0];
const sockets: Socket[] = mine.map(({ token, project }, i) => {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnectionDelayMax: 30_000,
  });
  let first = true;
  socket.on('connect', () => {
    if (first) connected++;
    socket
      .timeout(30_000)
      .emit('join', { project, telegrams: true }, (err: unknown, r: unknown) => {
        if (!first) return;
        first = false;
        if (!err && joinAck.safeParse(r).data?.ok) joined++;
        else refused++;
        answered++;
        if (answered === mine.length) process.send?.({ ready: true, connected, joined, refused });
      });
  });
  // A console refused at its first connection (cap, overload) answers too, as refused: the
  // benchmark reports it instead of waiting for it.
  socket.once('connect_error', () => {
    if (!first) return;
    first = false;
    refused++;
    answered++;
    if (answered === mine.length) process.send?.({ ready: true, connected, joined, refused });
  });
  socket.on('disconnect', () => {
    if (counting) lost++;
  });
  socket.on('knx:telegrams', (raw: unknown) => {
    if (!counting) return;
    const now = Date.now();
    heard.add(i);
    for (const batch of telegramEvent.parse(raw).batches) {
      for (const item of batch.items) {
        const ms = Math.max(0, Math.min(HISTOGRAM_MS, now - item.t));
        histogram[ms] = (histogram[ms] ?? 0) + 1;
      }
    }
  });
  return socket;
});

process.on('message', (message) => {
  if (message === 'reset') {
    histogram = new Uint32Array(HISTOGRAM_MS + 1);
    heard = new Set();
    lost = 0;
    counting = true;
    loop.reset();
    loop.enable();
    cpu = process.cpuUsage();
    since = Date.now();
  } else if (message === 'report') {
    const used = process.cpuUsage(cpu);
    // Sparse: [delay, count] pairs.
    const buckets: [number, number][] = [];
    histogram.forEach((n, ms) => n && buckets.push([ms, n]));
    process.send?.({
      buckets,
      heard: heard.size,
      lost,
      loopP99Ms: loop.percentile(99) / 1e6,
      cpuPercent: ((used.user + used.system) / 1000 / (Date.now() - since)) * 100,
      connectedNow: sockets.filter((s) => s.connected).length,
    });
  } else if (message === 'close') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
