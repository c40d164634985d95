import { describe, expect, it } from 'vitest';
import {
  PARIS_WEEK_OF_MIDNIGHT,
  parisDayStart,
  parisMidnight,
  parisOffset,
  parisWeekMidnight,
  parisWeekStart,
} from './paris-time';
import {
  DAY,
  HOUR,
  T0,
  parisMidnightByRule,
  parisOffsetByRule,
} from '../modules/timeseries/timeseries.testing';
import {
  pickWindow,
  spanOf,
  windowEnd,
  windowStart,
} from '../modules/timeseries/timeseries.windows';

const utc = Date.UTC;

describe('Paris calendar days and weeks', () => {
  it('puts a point at 23:30 UTC on a winter day in the next Paris day', () => {
    const t = utc(2026, 0, 14, 23, 30); // 00:30 on 15 January in Paris
    expect(windowStart(t, '1d')).toBe(utc(2026, 0, 14, 23));
    expect(windowStart(t - HOUR, '1d')).toBe(utc(2026, 0, 13, 23)); // 23:30 on the 14th
    expect(windowEnd(utc(2026, 0, 14, 23), '1d')).toBe(utc(2026, 0, 15, 23));
    // Summer: the day starts at 22:00 UTC.
    expect(windowStart(utc(2026, 6, 14, 22, 30), '1d')).toBe(utc(2026, 6, 14, 22));
    expect(windowStart(utc(2026, 6, 14, 21, 59), '1d')).toBe(utc(2026, 6, 13, 22));
  });

  it('makes 2026-03-29 a 23-hour day and 2026-10-25 a 25-hour day', () => {
    const march = windowStart(utc(2026, 2, 29, 12), '1d');
    expect([march, windowEnd(march, '1d')]).toEqual([utc(2026, 2, 28, 23), utc(2026, 2, 29, 22)]);
    expect(spanOf(march, windowEnd(march, '1d'), '1h').buckets).toBe(23);
    const october = windowStart(utc(2026, 9, 25, 12), '1d');
    expect([october, windowEnd(october, '1d')]).toEqual([
      utc(2026, 9, 24, 22),
      utc(2026, 9, 25, 23),
    ]);
    expect(spanOf(october, windowEnd(october, '1d'), '1h').buckets).toBe(25);
    // Each is one day bucket, from its first millisecond to its last.
    expect(spanOf(march, utc(2026, 2, 29, 22), '1d').buckets).toBe(1);
    expect(spanOf(october, utc(2026, 9, 25, 23), '1d').buckets).toBe(1);
    expect(windowStart(utc(2026, 9, 25, 22, 59, 59, 999), '1d')).toBe(october);
  });

  it('starts weeks on Monday 00:00 in Paris: Sunday 23:00 UTC in winter, 22:00 in summer', () => {
    expect(windowStart(utc(2026, 0, 14, 12), '1w')).toBe(utc(2026, 0, 11, 23));
    expect(windowStart(utc(2026, 0, 11, 22, 59), '1w')).toBe(utc(2026, 0, 4, 23));
    expect(windowStart(utc(2026, 6, 8, 12), '1w')).toBe(utc(2026, 6, 5, 22));
    expect(windowStart(utc(2026, 6, 5, 21, 59), '1w')).toBe(utc(2026, 5, 28, 22));
    // The week of the change to summer time lasts 167 hours.
    const week = windowStart(utc(2026, 2, 25), '1w');
    expect([week, windowEnd(week, '1w')]).toEqual([utc(2026, 2, 22, 23), utc(2026, 2, 29, 22)]);
  });

  it('counts calendar buckets, so auto precision sees Paris days', () => {
    const year = spanOf(utc(2025, 11, 31, 23), utc(2026, 11, 31, 23), '1d');
    expect(year).toMatchObject({ from: utc(2025, 11, 31, 23), to: utc(2026, 11, 31, 23) });
    expect(year.buckets).toBe(365);
    expect(spanOf(utc(2025, 11, 31, 23), utc(2026, 11, 31, 23), '1h').buckets).toBe(8760);
    expect(spanOf(utc(2026, 0, 4, 23), utc(2026, 6, 5, 22), '1w').buckets).toBe(26);
    // 2,500 Paris days fit the auto limit; counted in UTC days they would be 2,501.
    const end = parisMidnightByRule(T0 + 2500 * DAY + 12 * HOUR);
    expect(spanOf(T0, end, '1d').buckets).toBe(2500);
    expect(pickWindow(T0, end, 'auto')).toBe('1d');
    expect(pickWindow(T0, end + 1, 'auto')).toBe('1w');
  });

  it('agrees with the EU rule on every hour of 2024 to 2027', () => {
    const disagree: string[] = [];
    for (let t = utc(2024, 0, 1); t < utc(2028, 0, 1); t += HOUR) {
      const same = parisOffset(t) === parisOffsetByRule(t);
      if (!same || parisDayStart(t) !== parisMidnightByRule(t)) {
        disagree.push(new Date(t).toISOString());
      }
    }
    expect(disagree).toEqual([]);
  });

  it('finds the week of every Paris midnight from 1970 to 2100 by the SQL arithmetic', () => {
    const { shiftMs, weekMs } = PARIS_WEEK_OF_MIDNIGHT;
    const wrong: number[] = [];
    for (let day = 0; parisMidnight(day) < utc(2100, 0, 1); day++) {
      const midnight = parisMidnight(day);
      const week = Math.floor((midnight + shiftMs) / weekMs);
      if (parisWeekMidnight(week) !== parisWeekStart(midnight)) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });
});
