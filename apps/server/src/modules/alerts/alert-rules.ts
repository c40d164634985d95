import type { QuietHours, Threshold, ThresholdType } from '@atrium/contracts/alerts';
import { parisOffset } from '../../lib/paris-time';

/**
 * The alarm tests, pure (decision 0018). A numeric rule enters its alarm state past its
 * limit and leaves it only once the value is back by the hysteresis band, so a value
 * hovering at the limit raises one alert, not a storm.
 */

/** Hysteresis band: 1 % of the limit, at least 0.05 (units of the value). */
export const HYSTERESIS_RATIO = 0.01;
export const HYSTERESIS_MIN = 0.05;

export const band = (limit: number): number =>
  Math.max(Math.abs(limit) * HYSTERESIS_RATIO, HYSTERESIS_MIN);

/** What a new value does to a rule: enter the alarm state, leave it, or neither. */
export type Verdict = 'alarm' | 'clear' | 'hold';

const EPSILON = 1e-9;

/** The verdict of `type`/`limit` on `value` (booleans as 0/1). */
export function judge(type: ThresholdType, limit: number | null, value: number): Verdict {
  switch (type) {
    case 'isTrue':
      return value !== 0 ? 'alarm' : 'clear';
    case 'isFalse':
      return value === 0 ? 'alarm' : 'clear';
    case '=': {
      const l = limit ?? 0;
      return Math.abs(value - l) <= EPSILON * Math.max(1, Math.abs(l)) ? 'alarm' : 'clear';
    }
    case '>': {
      const l = limit ?? 0;
      if (value > l) return 'alarm';
      return value <= l - band(l) ? 'clear' : 'hold';
    }
    case '<': {
      const l = limit ?? 0;
      if (value < l) return 'alarm';
      return value >= l + band(l) ? 'clear' : 'hold';
    }
  }
}

/** Supply voltage outside [minimum, maximum] (either may be absent), with the same band. */
export function judgeVoltage(min: number | null, max: number | null, volt: number): Verdict {
  const low = min === null ? 'clear' : judge('<', min, volt);
  const high = max === null ? 'clear' : judge('>', max, volt);
  if (low === 'alarm' || high === 'alarm') return 'alarm';
  return low === 'clear' && high === 'clear' ? 'clear' : 'hold';
}

/** The condition as the history and the messages show it: `> 26`, `isTrue`. */
export function conditionOf(t: Pick<Threshold, 'type' | 'value'>): string {
  return t.type === 'isTrue' || t.type === 'isFalse' ? t.type : `${t.type} ${t.value ?? 0}`;
}

// --- quiet hours ------------------------------------------------------------------------

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since midnight, Paris time. */
const parisMinutes = (t: number) =>
  Math.floor(((((t + parisOffset(t)) % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);

/**
 * When a notification enqueued at `now` may go: `now` outside the quiet hours, else the
 * end of the quiet hours (Paris time; a start after the end spans midnight).
 */
export function quietUntil(q: QuietHours | undefined, now: number): number {
  if (!q?.enabled) return now;
  const [start, end, at] = [minutesOf(q.start), minutesOf(q.end), parisMinutes(now)];
  if (start === end) return now;
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return now;
  const wait = (end - at + 1440) % 1440;
  const minuteStart = now - (now % 60_000);
  return minuteStart + wait * 60_000;
}
