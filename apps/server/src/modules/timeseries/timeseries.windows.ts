import { TimeSeriesError, type Precision, type QueryInput, type Window } from './timeseries.types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'auto' aims at this many buckets per series. */
export const AUTO_TARGET_POINTS = 1000;
/** A query that would return more buckets per series is refused ('tooManyPoints'). */
export const MAX_POINTS_PER_SERIES = 100_000;
/** Timestamps are epoch ms from 1970 up to the end of year 9999. */
export const MAX_T = Date.UTC(10000, 0, 1) - 1;

/** Graph windows, finest first. */
export const WINDOWS: readonly Window[] = ['1s', '1m', '1h', '1d', '1w'];
export const WINDOW_MS: Readonly<Record<Window, number>> = {
  '1s': SECOND,
  '1m': MINUTE,
  '1h': HOUR,
  '1d': DAY,
  '1w': 7 * DAY,
};
// Weeks start on Monday 00:00 UTC; 1970-01-01 was a Thursday, three days after a Monday.
const WINDOW_OFFSET: Readonly<Record<Window, number>> = {
  '1s': 0,
  '1m': 0,
  '1h': 0,
  '1d': 0,
  '1w': 3 * DAY,
};

/** Storage levels: raw points, then rollups per minute, hour and UTC day. */
export type Level = 'raw' | '1m' | '1h' | '1d';
export type RollupLevel = Exclude<Level, 'raw'>;
/** Rollup levels, finest first. */
export const ROLLUP_LEVELS: readonly { level: RollupLevel; ms: number }[] = [
  { level: '1m', ms: MINUTE },
  { level: '1h', ms: HOUR },
  { level: '1d', ms: DAY },
];
export const LEVEL_MS: Readonly<Record<RollupLevel, number>> = {
  '1m': MINUTE,
  '1h': HOUR,
  '1d': DAY,
};
/** The coarsest level whose buckets tile the window exactly. */
export const LEVEL_FOR: Readonly<Record<Window, Level>> = {
  '1s': 'raw',
  '1m': '1m',
  '1h': '1h',
  '1d': '1d',
  '1w': '1d',
};

/** Start of the window that contains `t` (t ≥ 0). */
export function windowStart(t: number, window: Window): number {
  const ms = WINDOW_MS[window];
  const off = WINDOW_OFFSET[window];
  return Math.floor((t + off) / ms) * ms - off;
}

/** Whole windows of one width: from the first's start to the last's end, and how many. */
export interface Span {
  window: Window;
  ms: number;
  offset: number;
  from: number;
  to: number;
  buckets: number;
}

/** The whole windows that intersect [start, stop). */
export function spanOf(start: number, stop: number, window: Window): Span {
  const ms = WINDOW_MS[window];
  const from = windowStart(start, window);
  const to = windowStart(stop - 1, window) + ms;
  return { window, ms, offset: WINDOW_OFFSET[window], from, to, buckets: (to - from) / ms };
}

/** 'auto' → the window nearest AUTO_TARGET_POINTS buckets on a log scale, at most AUTO_MAX_POINTS. */
/** Upper bound of an auto precision's bucket count per series. */
const AUTO_MAX_POINTS = 2.5 * AUTO_TARGET_POINTS;

export function pickWindow(start: number, stop: number, precision: Precision): Window {
  if (precision !== 'auto') return precision;
  // "About 1,000 points": the window whose bucket count is nearest the target on a log
  // scale (a day gives 1,440 minutes rather than 24 hours), never above 2.5× the target.
  const distance = (w: Window) =>
    Math.abs(Math.log(spanOf(start, stop, w).buckets / AUTO_TARGET_POINTS));
  const fits = WINDOWS.filter((w) => spanOf(start, stop, w).buckets <= AUTO_MAX_POINTS);
  return (
    fits.reduce<Window | undefined>(
      (best, w) => (!best || distance(w) < distance(best) ? w : best),
      undefined,
    ) ?? '1w'
  );
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
