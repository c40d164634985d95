import { describe, expect, it } from 'vitest';
import { changeMode, containsInstant, shiftWindow, windowOf } from './graph-window';
import {
  addDays,
  formatDay,
  parisDayOf,
  parisMidnight,
  parseDay,
  type CalendarDay,
} from './paris-calendar';

const day = (text: string): CalendarDay => {
  const d = parseDay(text);
  if (!d) throw new Error(text);
  return d;
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('Paris calendar days', () => {
  it('puts midnight at 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(iso(parisMidnight(day('15/01/2026')))).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(parisMidnight(day('01/07/2026')))).toBe('2026-06-30T22:00:00.000Z');
  });

  it('finds the Paris day of an instant, not the UTC one', () => {
    expect(parisDayOf(Date.parse('2026-12-31T23:30:00Z'))).toEqual(day('01/01/2027'));
    expect(parisDayOf(Date.parse('2026-06-30T21:59:59Z'))).toEqual(day('30/06/2026'));
  });

  it('reads and writes DD/MM/YYYY and refuses impossible dates', () => {
    expect(parseDay('3/2/2026')).toEqual({ year: 2026, month: 2, day: 3 });
    expect(formatDay(day('3/2/2026'))).toBe('03/02/2026');
    expect(parseDay('29/02/2026')).toBeNull();
    expect(parseDay('29/02/2028')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay('2026-02-03')).toBeNull();
    expect(parseDay('31/04/2026')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it('adds days across a month and a year end', () => {
    expect(addDays(day('31/12/2026'), 1)).toEqual(day('01/01/2027'));
    expect(addDays(day('01/03/2028'), -1)).toEqual(day('29/02/2028'));
  });
});

describe('graph windows', () => {
  it('a day runs from 00:00 to the next 00:00, Paris time', () => {
    const w = windowOf('day', day('10/02/2026'));
    expect(iso(w.start)).toBe('2026-02-09T23:00:00.000Z');
    expect(iso(w.stop)).toBe('2026-02-10T23:00:00.000Z');
  });

  it('the spring-forward day lasts 23 hours and the fall-back day 25', () => {
    const spring = windowOf('day', day('29/03/2026'));
    expect((spring.stop - spring.start) / 3_600_000).toBe(23);
    const fall = windowOf('day', day('25/10/2026'));
    expect((fall.stop - fall.start) / 3_600_000).toBe(25);
  });

  it('previous and next shift a day by one day, keeping 00:00 over a DST change', () => {
    const next = shiftWindow(windowOf('day', day('28/03/2026')), 1);
    expect(next.from).toEqual(day('29/03/2026'));
    expect(iso(next.start)).toBe('2026-03-28T23:00:00.000Z');
    const after = shiftWindow(next, 1);
    expect(iso(after.start)).toBe('2026-03-29T22:00:00.000Z');
    expect(shiftWindow(after, -1)).toEqual(next);
  });

  it('a month runs from the 1st to the next 1st, and shifts by a month', () => {
    const w = windowOf('month', day('17/02/2028'));
    expect(w.from).toEqual(day('01/02/2028'));
    expect(w.to).toEqual(day('29/02/2028'));
    expect(iso(w.start)).toBe('2028-01-31T23:00:00.000Z');
    expect(iso(w.stop)).toBe('2028-02-29T23:00:00.000Z');
    expect(shiftWindow(w, 1).from).toEqual(day('01/03/2028'));
    expect(shiftWindow(windowOf('month', day('05/01/2026')), -1).from).toEqual(day('01/12/2025'));
  });

  it('a period runs from 00:00 of its first day through 23:59 of its last', () => {
    const w = windowOf('period', day('10/03/2026'), day('12/03/2026'));
    expect(iso(w.start)).toBe('2026-03-09T23:00:00.000Z');
    expect(iso(w.stop - 60_000)).toBe('2026-03-12T22:59:00.000Z');
    expect(iso(w.stop)).toBe('2026-03-12T23:00:00.000Z');
  });

  it('a period shifts by its own length in days', () => {
    const w = windowOf('period', day('10/03/2026'), day('12/03/2026'));
    const next = shiftWindow(w, 1);
    expect([formatDay(next.from), formatDay(next.to)]).toEqual(['13/03/2026', '15/03/2026']);
    const previous = shiftWindow(w, -1);
    expect([formatDay(previous.from), formatDay(previous.to)]).toEqual([
      '07/03/2026',
      '09/03/2026',
    ]);
  });

  it('a period given backwards is put in order', () => {
    const w = windowOf('period', day('12/03/2026'), day('10/03/2026'));
    expect([formatDay(w.from), formatDay(w.to)]).toEqual(['10/03/2026', '12/03/2026']);
  });

  it('changing mode keeps the first day', () => {
    const month = changeMode(windowOf('day', day('17/02/2026')), 'month');
    expect(month.from).toEqual(day('01/02/2026'));
    expect(changeMode(month, 'day').from).toEqual(day('01/02/2026'));
  });

  it('tells whether now is inside the window (for the live refresh)', () => {
    const w = windowOf('day', day('10/02/2026'));
    expect(containsInstant(w, w.start)).toBe(true);
    expect(containsInstant(w, w.stop - 1)).toBe(true);
    expect(containsInstant(w, w.stop)).toBe(false);
  });
});
