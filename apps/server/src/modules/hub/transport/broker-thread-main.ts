import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { reportThreadEvery, samplePromotedAllocations } from '../../../lib/thread-diagnostics';
import { AedesBroker } from './aedes-broker';
import {
  Outbox,
  ownBytes,
  SequencedSlots,
  type FromBroker,
  type ToBroker,
} from './broker-thread-protocol';
import type { DropReason } from '../ingest/hub-stats';
import type { TransportSink, Verdict } from './transport';

/**
 * The broker thread: aedes, its TCP listener and every gateway socket, so
 * MQTT parsing, routing and the PUBACK writes run on a core of their own. The
 * hub's decisions (authentication, the verdict on each publish) come from the
 * main thread; a publish is still acknowledged only once its verdict is back.
 */
const mark = z.object({ publishes: z.number(), bytes: z.number() });
const limits = z
  .object({
    host: z.string(),
    port: z.number().int(),
    preLoginMax: z.number().int().positive(),
    loginQueueMax: z.number().int().nonnegative(),
    preLoginPerAddress: z.number().int().nonnegative(),
    proxyProtocol: z.boolean(),
    loginTimeoutMs: z.number().int().positive(),
    overload: z
      .object({
        high: mark,
        pause: mark,
        resume: mark,
        busyUnacked: z.number().int(),
        turn: z.number().int().positive().optional(),
      })
      .optional(),
  })
  .parse(workerData);
const { host, port, preLoginMax, loginQueueMax, preLoginPerAddress, loginTimeoutMs } = limits;
const { proxyProtocol, overload } = limits;
if (!parentPort) throw new Error('the broker thread needs a parent');
const parent = parentPort;
const out = new Outbox<FromBroker>((batch) => parent.postMessage(batch));

/** Logins awaiting the hub's answer: `null` when it could not check them (CONNACK 3). */
const logins = new SequencedSlots<(ok: boolean | null) => void>();

/** Publishes awaiting their verdict: a callback each, no promise. */
const verdicts = new SequencedSlots<(verdict: Verdict | null) => void>();

/** The hub, as seen from this thread. */
const sink: TransportSink = {
  authenticate: (mac, secret) =>
    new Promise<boolean>((resolve, reject) => {
      const id = logins.add((ok) => (ok === null ? reject(new Error('unavailable')) : resolve(ok)));
      out.send({ t: 'auth', id, mac, secret });
    }),
  receive: (mac, kind, payload, settle) => {
    const id = verdicts.add(settle);
    out.send({ t: 'publish', id, mac, kind, payload: ownBytes(payload) });
  },
  connected: (mac) => {
    out.send({ t: 'up', mac });
    return Promise.resolve();
  },
  disconnected: (mac) => {
    out.send({ t: 'down', mac });
    return Promise.resolve();
  },
};

const broker = new AedesBroker({
  host,
  port,
  preLoginMax,
  loginQueueMax,
  preLoginPerAddress,
  proxyProtocol,
  loginTimeoutMs,
  ...(overload ? { overload } : {}),
  sink,
  counters: {
    drop: (reason: DropReason, mac: string, detail?: string) =>
      out.send({ t: 'drop', reason, mac, detail }),
    disconnect: (reason: string) => out.send({ t: 'cut', reason }),
  },
});

/** MQTT over WebSocket: the main thread owns the WebSocket and relays its bytes. */
const webSockets = new Map<number, Duplex>();

function openWebSocket(conn: number) {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    webSockets.delete(conn);
    out.send({ t: 'ws-end', conn });
  };
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      if (!ended) out.send({ t: 'ws-out', conn, data: ownBytes(chunk) });
      callback();
    },
    final(callback) {
      end();
      callback();
    },
    destroy(err, callback) {
      end();
      callback(err);
    },
  });
  webSockets.set(conn, stream);
  broker.handle(stream);
}

function onMessage(message: ToBroker) {
  switch (message.t) {
    case 'auth':
      return logins.take(message.id)?.(message.ok);
    case 'verdict': {
      return verdicts.take(message.id)?.(message.verdict);
    }
    case 'command':
      return void broker.publishCommand(message.mac, message.payload, message.deadline).then(
        () => out.send({ t: 'sent', id: message.id }),
        (err: unknown) => out.send({ t: 'sent', id: message.id, error: String(err) }),
      );
    case 'ws-open':
      return openWebSocket(message.conn);
    case 'ws-in':
      return void webSockets
        .get(message.conn)
        ?.push(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
    case 'ws-close': {
      const stream = webSockets.get(message.conn);
      webSockets.delete(message.conn);
      return void stream?.destroy();
    }
    case 'close':
      return void broker.close().then(() => {
        out.send({ t: 'closed' });
        out.flush();
      });
  }
}

parent.on('message', (batch: ToBroker[]) => batch.forEach(onMessage));

// The overload guard's figures for GET /api/hub/stats (decision 0039).
setInterval(() => out.send({ t: 'overload', figures: { ...broker.overload } }), 1_000).unref();

broker.start().then(
  () => out.send({ t: 'listening', port: broker.port }),
  (err: NodeJS.ErrnoException) => out.send({ t: 'failed', message: err.message, code: err.code }),
);

// HUB_BENCH_DIAG=1 (the hub benchmark): this thread's heap, GC and event-loop delay every 2 s.
if (process.env.HUB_BENCH_DIAG)
  reportThreadEvery('broker thread', 2_000, () => `awaiting verdict ${verdicts.span}`);
// HUB_BENCH_HEAP_SAMPLE=DIR: what this thread promotes, from 30 s after the start for 25 s.
if (process.env.HUB_BENCH_HEAP_SAMPLE)
  samplePromotedAllocations(
    join(process.env.HUB_BENCH_HEAP_SAMPLE, 'broker.heapprofile'),
    30_000,
    25_000,
  );
