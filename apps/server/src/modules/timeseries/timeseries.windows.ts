import {
  parisDayEnd,
  parisDayStart,
  parisDaysBetween,
  parisWeekEnd,
  parisWeekStart,
} from '../../lib/paris-time';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { Precision, QueryInput, Window } from './timeseries.types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** 'auto' aims at this many buckets per series. */
export const AUTO_TARGET_POINTS = 1000;
/** A query that would return more buckets per series is refused ('tooManyPoints'). */
export const MAX_POINTS_PER_SERIES = 100_000;
/** Timestamps are epoch ms from 1970 up to the end of year 9999. */
export const MAX_T = Date.UTC(10000, 0, 1) - 1;

/** Graph windows, finest first. */
export const WINDOWS: readonly Window[] = ['1s', '1m', '1h', '1d', '1w'];
/** Windows of a fixed width; days and weeks are Paris calendar days and weeks instead. */
export type FixedWindow = '1s' | '1m' | '1h';
export const FIXED_MS: Readonly<Record<FixedWindow, number>> = {
  '1s': SECOND,
  '1m': MINUTE,
  '1h': HOUR,
};
export const isFixed = (w: Window): w is FixedWindow => w in FIXED_MS;

/** Storage levels: raw points, then rollups per minute, hour and Paris day. */
export type Level = 'raw' | '1m' | '1h' | '1d';
export type RollupLevel = Exclude<Level, 'raw'>;
/** Rollup levels, finest first. */
export const ROLLUP_LEVELS: readonly RollupLevel[] = ['1m', '1h', '1d'];
/** The coarsest level whose buckets tile the window exactly (a Paris day is whole hours). */
export const LEVEL_FOR: Readonly<Record<Window, Level>> = {
  '1s': 'raw',
  '1m': '1m',
  '1h': '1h',
  '1d': '1d',
  '1w': '1d',
};

const fixedStart = (ms: number) => (t: number) => t - (t % ms);

/** Where the window holding `t` starts, and where a window starting at `start` ends. */
interface Bounds {
  start: (t: number) => number;
  end: (start: number) => number;
}
const BUCKETS: Readonly<Record<Window, Bounds>> = {
  '1s': { start: fixedStart(SECOND), end: (b) => b + SECOND },
  '1m': { start: fixedStart(MINUTE), end: (b) => b + MINUTE },
  '1h': { start: fixedStart(HOUR), end: (b) => b + HOUR },
  '1d': { start: parisDayStart, end: parisDayEnd },
  '1w': { start: parisWeekStart, end: parisWeekEnd },
};

/** Start of the window that contains `t` (t ≥ 0): Paris midnight for days, Monday's for weeks. */
export const windowStart = (t: number, window: Window): number => BUCKETS[window].start(t);

/** `windowStart` of one window, for loops over many points. */
export const startOfWindow = (window: Window): ((t: number) => number) => BUCKETS[window].start;

/** End (excluded) of the window that starts at `start`: 23 to 25 hours after it for a day. */
export const windowEnd = (start: number, window: Window): number => BUCKETS[window].end(start);

/** Whole windows of one kind: from the first's start to the last's end, and how many. */
export interface Span {
  window: Window;
  from: number;
  to: number;
  buckets: number;
}

function countBuckets(from: number, to: number, window: Window): number {
  if (isFixed(window)) return (to - from) / FIXED_MS[window];
  const days = parisDaysBetween(from, to);
  return window === '1d' ? days : days / 7;
}

/** The whole windows that intersect [start, stop). */
export function spanOf(start: number, stop: number, window: Window): Span {
  const from = windowStart(start, window);
  const to = windowEnd(windowStart(stop - 1, window), window);
  return { window, from, to, buckets: countBuckets(from, to, window) };
}

/** Upper bound of an auto precision's bucket count per series. */
const AUTO_MAX_POINTS = 2.5 * AUTO_TARGET_POINTS;

/** 'auto' → the window nearest AUTO_TARGET_POINTS buckets on a log scale, at most AUTO_MAX_POINTS. */
export function pickWindow(start: number, stop: number, precision: Precision): Window {
  if (precision !== 'auto') return precision;
  // "About 1,000 points": the window whose bucket count is nearest the target on a log
  // scale (a day gives 1,440 minutes rather than 24 hours), never above 2.5× the target.
  // Days and weeks are counted on the Paris calendar, as the query will cut them.
  let best: { window: Window; distance: number } | undefined;
  for (const window of WINDOWS) {
    const { buckets } = spanOf(start, stop, window);
    const distance = Math.abs(Math.log(buckets / AUTO_TARGET_POINTS));
    if (buckets <= AUTO_MAX_POINTS && (!best || distance < best.distance)) {
      best = { window, distance };
    }
  }
  return best?.window ?? '1w';
}

const isTime = (t: number) => Number.isSafeInteger(t) && t >= 0 && t <= MAX_T;

/** Checks the range and chooses window and level; throws 'invalidRange' or 'tooManyPoints'. */
export function planQuery(input: Pick<QueryInput, 'start' | 'stop' | 'precision' | 'source'>) {
  const { start, stop } = input;
  if (!isTime(start) || !isTime(stop) || stop <= start) {
    throw new TimeSeriesError('invalidRange', `Invalid time range [${start}, ${stop})`);
  }
  const window = pickWindow(start, stop, input.precision);
  const span = spanOf(start, stop, window);
  if (span.buckets > MAX_POINTS_PER_SERIES) {
    throw new TimeSeriesError(
      'tooManyPoints',
      `${span.buckets} points per series at ${window}; at most ${MAX_POINTS_PER_SERIES}`,
    );
  }
  const level: Level = input.source === 'raw' ? 'raw' : LEVEL_FOR[window];
  return { span, level };
}

/** Whether a point's timestamp and value can be stored. */
export const isValidPoint = (t: number, v: number) => isTime(t) && Number.isFinite(v);
