import {
  addDays,
  addMonths,
  compareDays,
  daysBetween,
  parisMidnight,
  type CalendarDay,
} from './paris-calendar';

/** The graph's time window modes (spec document 2 §2 Graph dialog). */
export type GraphMode = 'day' | 'month' | 'period';

/**
 * A window of the graph: its first and last calendar days (Paris time) and the
 * instants it covers, `stop` excluded. Day: 00:00 to the next day's 00:00. Month:
 * the 1st at 00:00 to the next month's 1st. Period: 00:00 of the first day through
 * 23:59 of the last (so `stop` is the following day's 00:00).
 */
export interface GraphWindow {
  mode: GraphMode;
  from: CalendarDay;
  to: CalendarDay;
  start: number;
  stop: number;
}

function build(mode: GraphMode, from: CalendarDay, to: CalendarDay): GraphWindow {
  return { mode, from, to, start: parisMidnight(from), stop: parisMidnight(addDays(to, 1)) };
}

/** The window of `mode` that holds `day`; a period needs its last day (else it is one day). */
export function windowOf(mode: GraphMode, day: CalendarDay, last?: CalendarDay): GraphWindow {
  switch (mode) {
    case 'day':
      return build('day', day, day);
    case 'month': {
      const first = { ...day, day: 1 };
      return build('month', first, addDays(addMonths(first, 1), -1));
    }
    case 'period': {
      const end = last ?? day;
      return compareDays(end, day) < 0 ? build('period', end, day) : build('period', day, end);
    }
  }
}

/** Previous (-1) or next (+1) window: shifted by its own length (a day, a month, n days). */
export function shiftWindow(w: GraphWindow, direction: -1 | 1): GraphWindow {
  switch (w.mode) {
    case 'day':
      return windowOf('day', addDays(w.from, direction));
    case 'month':
      return windowOf('month', addMonths(w.from, direction));
    case 'period': {
      const length = daysBetween(w.from, w.to) + 1;
      return windowOf(
        'period',
        addDays(w.from, direction * length),
        addDays(w.to, direction * length),
      );
    }
  }
}

/** Keeps the first day when switching mode (a period starts as that single day). */
export function changeMode(w: GraphWindow, mode: GraphMode): GraphWindow {
  return windowOf(mode, w.from);
}

/** Whether the window holds this instant: then the graph refreshes as points arrive. */
export function containsInstant(w: GraphWindow, ms: number): boolean {
  return ms >= w.start && ms < w.stop;
}
