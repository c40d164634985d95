/**
 * An open-loop HTTP load (the way wrk2 measures): request i is due at start + i / rate, evenly
 * spaced, over a pool of keep-alive connections, and its latency counts from that due time,
 * so a server that stalls is charged for the requests that waited to be sent as well as for
 * those in flight. The service time (from the actual send) is reported beside it.
 *
 * Why not autocannon's `overallRate`: autocannon 8 sends each connection's share of a second
 * back to back at the start of the second (a burst of the whole second's requests, then
 * nothing), and its coordinated-omission correction takes 1 ms as the interval between a
 * connection's requests whatever the rate (`Math.ceil(1 / rate)` with the rate in requests
 * per second), so each slow reply of V ms adds about V made-up samples instead of V / 50 at
 * 20 requests/s per connection: one reply of 500 ms in 200 gave a p99 of 489 ms where the
 * replies themselves had 13–31 ms (decision 0071).
 */
import { Agent, request } from 'node:http';

export interface OpenLoopOptions {
  port: number;
  host?: string;
  path: string;
  /** Requests per second, evenly spaced. */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most; a due request waits for a free one. */
  connections: number;
  /** The headers of the i-th request. */
  headers(i: number): Record<string, string>;
  /** How long a request may take before it counts as an error. */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  /** Replies received (any status). */
  requests: number;
  /** Replies received while requests fell due, per second: what the server kept up with. */
  perSecond: number;
  /** From the last request's due time to the last reply (ms): the backlog left at the end. */
  drainMs: number;
  /** Latency from each request's due time (ms): the figure to hold against a goal. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** From each request's actual send to its reply (ms). */
  serviceP50: number;
  serviceP90: number;
  serviceP99: number;
  non2xx: number;
  /** Failed or timed-out requests, and those still unanswered at the end. */
  errors: number;
}

const quantileOf = (sorted: readonly number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : 0;

/** Runs the load and resolves once every request is answered, failed or given up. */
export async function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const total = Math.round(o.rate * o.seconds);
  const interval = 1000 / o.rate;
  const timeoutMs = o.timeoutMs ?? 30_000;
  const latency: number[] = [];
  const service: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let settled = 0;
  let sent = 0;
  let inWindow = 0;
  let lastReply = 0;
  const start = performance.now();
  let allSettled: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allSettled = resolve));
  const settle = () => {
    settled += 1;
    if (settled === total) allSettled();
  };

  const send = (i: number) => {
    const due = start + i * interval;
    let sentAt = due;
    let done = false;
    const fail = () => {
      if (done) return;
      done = true;
      errors += 1;
      settle();
    };
    const req = request(
      { agent, host: o.host ?? '127.0.0.1', port: o.port, path: o.path, headers: o.headers(i) },
      (res) => {
        res.on('data', () => {});
        res.on('error', fail);
        res.on('end', () => {
          if (done) return;
          done = true;
          const now = performance.now();
          lastReply = now;
          if (now <= start + o.seconds * 1000) inWindow += 1;
          latency.push(now - due);
          service.push(now - sentAt);
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx += 1;
          settle();
        });
      },
    );
    req.on('socket', () => (sentAt = performance.now()));
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end();
  };

  // Every turn sends what has fallen due by now: a timer per request would follow the event
  // loop's pace, not the clock's.
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(sent++);
      // Woken when the next one is due: its lateness (timer granularity) counts in its latency.
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs + 1_000).unref());
  await Promise.race([finished, deadline]);
  agent.destroy();
  errors += total - settled;

  latency.sort((a, b) => a - b);
  service.sort((a, b) => a - b);
  return {
    requests: latency.length,
    perSecond: inWindow / o.seconds,
    drainMs: Math.max(0, lastReply - (start + (total - 1) * interval)),
    p50: quantileOf(latency, 0.5),
    p90: quantileOf(latency, 0.9),
    p99: quantileOf(latency, 0.99),
    max: latency.at(-1) ?? 0,
    serviceP50: quantileOf(service, 0.5),
    serviceP90: quantileOf(service, 0.9),
    serviceP99: quantileOf(service, 0.99),
    non2xx,
    errors,
  };
}
