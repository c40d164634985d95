import { Worker } from 'node:worker_threads';
import { threadEntry } from '../../../lib/thread-entry';
import type { WebSocket } from 'ws';
import { Outbox, ownBytes, type FromBroker, type ToBroker } from './broker-thread-protocol';
import type { AedesBrokerOptions, OverloadFigures } from './aedes-broker';

/** The broker's options, as on the main thread, plus where the thread reports its failures. */
export interface BrokerThreadOptions extends AedesBrokerOptions {
  log: { error(obj: object, msg: string): void };
}

/** The broker thread's young generation: semi-spaces of 32 MiB, twice V8's default. */
const BROKER_YOUNG_GENERATION_MB = 96;

/** How long after an unexpected end the broker thread is started again. */
const RESTART_AFTER_MS = 1_000;

/** How long the hub takes the thread's publishes at a stretch before it looks for logins. */
const SLICE_MS = 10;

/**
 * The main thread's side of the broker thread (broker-thread-main.ts): it
 * answers the thread's questions with the hub (the sink), keeps the list of
 * connected gateways, relays MQTT over WebSocket, and sends commands. If the
 * thread ever ends unexpectedly, its gateways are marked offline and it is
 * started again on the same port; the gateways reconnect by themselves.
 */
export class BrokerThread {
  private worker: Worker | undefined;
  private out: Outbox<ToBroker> | undefined;
  private readonly connected = new Set<string>();
  private readonly commands = new Map<number, { resolve(): void; reject(err: Error): void }>();
  private readonly webSockets = new Map<number, WebSocket>();
  private nextId = 1;
  /** The thread's overload guard, as it last reported it (every second). */
  overload: OverloadFigures | undefined;
  private closing = false;
  private closed: (() => void) | undefined;
  private restart: NodeJS.Timeout | undefined;
  /** Publishes and presence changes from the thread, in their order, not handed to the hub yet. */
  private later: FromBroker[] = [];
  private laterAt = 0;
  private sliceScheduled = false;
  port = 0;

  constructor(private readonly o: BrokerThreadOptions) {}

  get connectedCount(): number {
    return this.connected.size;
  }

  /** Starts the thread; rejects if it cannot listen (a port in use). */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) =>
      this.spawn(this.port || this.o.port, resolve, reject),
    );
  }

  private spawn(port: number, resolve: () => void, reject: (err: Error) => void) {
    // Compiled to plain JS once per process, as the time-series writer thread is.
    const entry = threadEntry(
      new URL('./broker-thread-main.ts', import.meta.url),
      new URL('./broker-worker.mjs', import.meta.url),
    );
    const worker = new Worker(entry, {
      workerData: {
        host: this.o.host,
        port,
        preLoginMax: this.o.preLoginMax,
        loginQueueMax: this.o.loginQueueMax,
        preLoginPerAddress: this.o.preLoginPerAddress,
        proxyProtocol: this.o.proxyProtocol ?? false,
        loginTimeoutMs: this.o.loginTimeoutMs,
        overload: this.o.overload,
      },
      // A CPU profile of the server (--cpu-prof) covers this thread too.
      execArgv: process.execArgv.filter((a) => a.startsWith('--cpu-prof')),
      // Twice V8's young generation: a packet lives for one turn of the loop, which at
      // 11,000 publishes a second outlasted two scavenges and filled the old generation.
      resourceLimits: { maxYoungGenerationSizeMb: BROKER_YOUNG_GENERATION_MB },
    });
    this.worker = worker;
    const out = new Outbox<ToBroker>((batch) => worker.postMessage(batch));
    this.out = out;
    let started = false;
    worker.on('message', (batch: FromBroker[]) => {
      for (const m of batch) {
        if (m.t === 'listening') {
          started = true;
          this.port = m.port;
          resolve();
        } else if (m.t === 'failed') {
          const err = Object.assign(new Error(m.message), { code: m.code });
          void worker.terminate();
          reject(err);
        } else if (m.t === 'publish' || m.t === 'up' || m.t === 'down') this.defer(m, out);
        else this.onMessage(m, out);
      }
    });
    worker.on('error', (err) => {
      if (!started) reject(err);
      else this.o.log.error({ err: err.message }, 'MQTT broker thread failed');
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.out = undefined;
      this.lost();
      if (this.closing) return this.closed?.();
      if (!started) return reject(new Error(`MQTT broker thread exited (${code})`));
      this.o.log.error({ code }, 'MQTT broker thread ended: restarting it');
      this.restart = setTimeout(
        () =>
          this.spawn(
            this.port,
            () => {},
            (err) => this.o.log.error({ err: err.message }, 'MQTT broker thread did not restart'),
          ),
        RESTART_AFTER_MS,
      );
    });
  }

  /**
   * Publishes (and the presence changes among them, kept in their order) go to the hub in
   * slices of SLICE_MS, one per turn of the event loop, while logins and everything else are
   * answered as they come. A batch handed over whole made every login behind it wait: after a
   * restart, the gateways back first sent what they had kept meanwhile, and the logins of the
   * others waited 1.5–3.4 s each behind it (decision 0066).
   */
  private defer(m: FromBroker, out: Outbox<ToBroker>) {
    this.later.push(m);
    if (this.sliceScheduled) return;
    this.sliceScheduled = true;
    setImmediate(() => this.slice(out));
  }

  private slice(out: Outbox<ToBroker>) {
    this.sliceScheduled = false;
    const until = performance.now() + SLICE_MS;
    const later = this.later;
    while (this.laterAt < later.length) {
      const m = later[this.laterAt++];
      if (m) this.onMessage(m, out);
      if (performance.now() >= until) break;
    }
    if (this.later !== later) return; // the thread ended meanwhile (lost)
    if (this.laterAt < later.length) {
      // What was handed on is let go, 1,024 at a time: the rest moves to the front.
      if (this.laterAt >= 1024) {
        this.later = later.slice(this.laterAt);
        this.laterAt = 0;
      }
      this.sliceScheduled = true;
      setImmediate(() => this.slice(out));
    } else {
      this.later = [];
      this.laterAt = 0;
    }
  }

  /** Everything the ended thread had: its gateways are offline, its commands failed. */
  private lost() {
    this.later = [];
    this.laterAt = 0;
    if (!this.closing) for (const mac of this.connected) void this.o.sink.disconnected(mac);
    this.connected.clear();
    for (const c of this.commands.values()) c.reject(new Error('broker thread ended'));
    this.commands.clear();
    for (const ws of this.webSockets.values()) ws.terminate();
    this.webSockets.clear();
  }

  private onMessage(m: FromBroker, out: Outbox<ToBroker>) {
    switch (m.t) {
      case 'auth':
        return void this.o.sink.authenticate(m.mac, m.secret).then(
          (ok) => out.send({ t: 'auth', id: m.id, ok }),
          () => out.send({ t: 'auth', id: m.id, ok: null }),
        );
      case 'publish':
        return this.publish(m, out);
      case 'up':
        this.connected.add(m.mac);
        return void this.o.sink.connected(m.mac);
      case 'down':
        this.connected.delete(m.mac);
        return void this.o.sink.disconnected(m.mac);
      case 'drop':
        return this.o.counters.drop(m.reason, m.mac, m.detail);
      case 'cut':
        return this.o.counters.disconnect(m.reason);
      case 'overload':
        this.overload = m.figures;
        return;
      case 'sent': {
        const c = this.commands.get(m.id);
        this.commands.delete(m.id);
        return m.error === undefined ? c?.resolve() : c?.reject(new Error(m.error));
      }
      case 'ws-out':
        return this.webSockets.get(m.conn)?.send(m.data);
      case 'ws-end': {
        const ws = this.webSockets.get(m.conn);
        this.webSockets.delete(m.conn);
        return ws?.close();
      }
      case 'listening':
      case 'failed':
      case 'closed':
        return;
    }
  }

  /**
   * Hands a publish to the hub and answers its verdict. What waits for the commit is
   * kept small (the id, not the message or its payload): 11,000 publishes a second
   * each waiting some tens of milliseconds would otherwise fill the old generation.
   */
  private publish(m: Extract<FromBroker, { t: 'publish' }>, out: Outbox<ToBroker>) {
    const id = m.id;
    const payload = Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength);
    this.o.sink.receive(m.mac, m.kind, payload, (verdict) =>
      out.send({ t: 'verdict', id, verdict }),
    );
  }

  /** Serves MQTT over an accepted WebSocket: its bytes are relayed to the thread's aedes. */
  serveWebSocket(ws: WebSocket) {
    const out = this.out;
    if (!out) return ws.terminate();
    const conn = this.nextId++;
    this.webSockets.set(conn, ws);
    out.send({ t: 'ws-open', conn });
    ws.on('message', (data: Buffer) => out.send({ t: 'ws-in', conn, data: ownBytes(data) }));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      if (this.webSockets.delete(conn)) out.send({ t: 'ws-close', conn });
    });
  }

  publishCommand(mac: string, payload: string, deadline?: number): Promise<void> {
    const out = this.out;
    if (!out) return Promise.reject(new Error('broker thread not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.commands.set(id, { resolve, reject });
      out.send({ t: 'command', id, mac, payload, deadline });
    });
  }

  /** Closes every gateway connection and the listener, then ends the thread. */
  async close() {
    this.closing = true;
    clearTimeout(this.restart);
    const worker = this.worker;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => (this.closed = resolve));
    const closedByThread = new Promise<void>((resolve) =>
      worker.on('message', (batch: FromBroker[]) => {
        if (batch.some((m) => m.t === 'closed')) resolve();
      }),
    );
    this.out?.send({ t: 'close' });
    // The thread answers once aedes has closed; a stuck thread is ended anyway.
    await Promise.race([closedByThread, new Promise((r) => setTimeout(r, 5_000))]);
    await worker.terminate();
    await ended;
  }
}
