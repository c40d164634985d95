/**
 * The connect curve of the cold-start benchmark: the hub's count of connected gateways
 * (0 while the server does not answer), read as the admin every 250 ms from a start instant until all are online (or a timeout),
 * then summed up per second: gateways online at each second, time to all online, and the
 * connect rate (the best rise per second over a window of at least one second).
 */
import { hubStats } from './hub-processes';

export interface Curve {
  /** Gateways online at the end of each second after the start (index 0: first second). */
  perSecond: number[];
  /** Seconds from the start until all were online (Infinity: not within the timeout). */
  allOnlineSeconds: number;
  /** Gateways that came online per second, over the best window of at least one second. */
  maxRate: number;
  /** Seconds from the start until the first gateway was seen online. */
  firstOnlineSeconds: number;
  /** Gateways online when the sampling stopped. */
  reached: number;
}

/** Samples from `startedAt` (ms since the epoch) until `count` are online or `timeoutMs` passed. */
export async function connectCurve(
  port: number,
  token: string,
  count: number,
  startedAt: number,
  timeoutMs: number,
): Promise<Curve> {
  const samples: { at: number; online: number }[] = [{ at: 0, online: 0 }];
  let allOnlineSeconds = Infinity;
  while (Date.now() - startedAt < timeoutMs) {
    // A server that does not answer (restarting) has no gateway online.
    const online = (await hubStats(port, token).catch(() => undefined))?.connected ?? 0;
    const at = Date.now() - startedAt;
    samples.push({ at, online });
    if (process.env.HUB_PROGRESS) console.log(`${(at / 1000).toFixed(1)} s: ${online}`);
    if (online >= count) {
      allOnlineSeconds = at / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const last = samples.at(-1) ?? { at: 0, online: 0 };
  const perSecond = Array.from({ length: Math.ceil(last.at / 1000) }, (_, i) => {
    const upTo = samples.filter((x) => x.at <= (i + 1) * 1000);
    return upTo.at(-1)?.online ?? 0;
  });
  // The rise over the shortest window of at least one second ending at each sample, per
  // second: never more than what came in a whole second, even when the samples are sparse
  // (a busy server answers its counters late).
  let maxRate = 0;
  for (const b of samples) {
    const a = samples.findLast((x) => b.at - x.at >= 1000);
    if (a) maxRate = Math.max(maxRate, ((b.online - a.online) * 1000) / (b.at - a.at));
  }
  const first = samples.find((x) => x.online > 0);
  const firstOnlineSeconds = first ? first.at / 1000 : Infinity;
  return { perSecond, allOnlineSeconds, maxRate, firstOnlineSeconds, reached: last.online };
}

/** `1 s 120, 2 s 480, …` */
export const curveLine = (c: Curve) => c.perSecond.map((n, i) => `${i + 1} s ${n}`).join(', ');
