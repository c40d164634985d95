import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MIN, T0 } from './timeseries.testing';
import { monthsBefore, retentionCutoff } from './timeseries.retention';
import { pickWindow, planQuery, spanOf, windowStart } from './timeseries.windows';

describe('graph windows', () => {
  it('starts weeks on Monday 00:00 in Paris and fixed windows on their epoch multiples', () => {
    const thursday = T0 + 3 * DAY + 5 * HOUR;
    expect(windowStart(thursday, '1w')).toBe(T0);
    expect(windowStart(T0 - 1, '1w')).toBe(T0 - 7 * DAY);
    // 1970-01-01 was a Thursday; Paris was at UTC+1.
    expect(windowStart(0, '1w')).toBe(-3 * DAY - HOUR);
    expect(windowStart(0, '1d')).toBe(-HOUR);
    expect(windowStart(T0 + 5 * HOUR + 59_999, '1m')).toBe(T0 + 5 * HOUR);
    expect(windowStart(T0 + 1999, '1s')).toBe(T0 + 1000);
  });

  it('widens a range to the whole windows that intersect it', () => {
    expect(spanOf(T0 + 30 * MIN, T0 + 2 * HOUR + 1, '1h')).toMatchObject({
      from: T0,
      to: T0 + 3 * HOUR,
      buckets: 3,
    });
    expect(spanOf(T0, T0 + DAY, '1h').buckets).toBe(24);
  });

  it('picks in auto the window nearest 1,000 buckets (log scale), at most 2,500', () => {
    expect(pickWindow(T0, T0 + 1000 * 1000, 'auto')).toBe('1s');
    expect(pickWindow(T0, T0 + 2500 * 1000, 'auto')).toBe('1s');
    expect(pickWindow(T0, T0 + 2501 * 1000, 'auto')).toBe('1m');
    expect(pickWindow(T0, T0 + 1000 * MIN, 'auto')).toBe('1m');
    expect(pickWindow(T0, T0 + DAY, 'auto')).toBe('1m'); // 1,440 minutes rather than 24 hours
    expect(pickWindow(T0, T0 + 41 * DAY, 'auto')).toBe('1h'); // 984 hours
    expect(pickWindow(T0, T0 + 104 * DAY, 'auto')).toBe('1h'); // 2,496 hours
    expect(pickWindow(T0, T0 + 105 * DAY, 'auto')).toBe('1d'); // 2,520 hours is too many
    expect(pickWindow(T0, T0 + 1000 * DAY, 'auto')).toBe('1d');
    expect(pickWindow(T0, T0 + 2600 * DAY, 'auto')).toBe('1w');
    expect(pickWindow(T0, T0 + DAY, '1m')).toBe('1m');
  });

  it('reads each window from the coarsest level that tiles it', () => {
    const level = (precision: '1s' | '1m' | '1h' | '1d' | '1w') =>
      planQuery({ start: T0, stop: T0 + DAY, precision }).level;
    expect((['1s', '1m', '1h', '1d', '1w'] as const).map(level)).toEqual([
      'raw',
      '1m',
      '1h',
      '1d',
      '1d',
    ]);
    expect(planQuery({ start: T0, stop: T0 + DAY, precision: '1d', source: 'raw' }).level).toBe(
      'raw',
    );
  });

  it('refuses reversed, empty or out-of-range ranges and more than 100,000 buckets', () => {
    const plan =
      (start: number, stop: number, precision: '1s' | 'auto' = 'auto') =>
      () =>
        planQuery({ start, stop, precision });
    for (const bad of [plan(T0, T0), plan(T0, T0 - 1), plan(-1, T0), plan(T0, T0 + 0.5)]) {
      expect(bad).toThrow(expect.objectContaining({ code: 'invalidRange' }));
    }
    expect(plan(T0, T0 + 100_000 * 1000, '1s')).not.toThrow();
    expect(plan(T0, T0 + 100_001 * 1000, '1s')).toThrow(
      expect.objectContaining({ code: 'tooManyPoints' }),
    );
  });
});

describe('retention by plan', () => {
  it('keeps whole calendar months per plan, clamping the day', () => {
    const now = Date.UTC(2024, 2, 31, 10, 30);
    expect(retentionCutoff('free', now)).toBe(Date.UTC(2024, 1, 29, 10, 30));
    expect(retentionCutoff('starter', now)).toBe(Date.UTC(2023, 10, 30, 10, 30));
    expect(retentionCutoff('pro', now)).toBe(Date.UTC(2023, 2, 31, 10, 30));
    expect(monthsBefore(Date.UTC(2024, 0, 15), 1)).toBe(Date.UTC(2023, 11, 15));
  });
});
