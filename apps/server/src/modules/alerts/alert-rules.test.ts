import { describe, expect, it } from 'vitest';
import { band, judge, judgeVoltage, quietUntil } from './alert-rules';

describe('judge', () => {
  it('enters past the limit and leaves only beyond the hysteresis band', () => {
    expect(band(26)).toBeCloseTo(0.26);
    expect(band(0)).toBe(0.05);
    expect(judge('>', 26, 26.1)).toBe('alarm');
    expect(judge('>', 26, 26)).toBe('hold');
    expect(judge('>', 26, 25.8)).toBe('hold');
    expect(judge('>', 26, 25.74)).toBe('clear');
    expect(judge('<', 10, 9.9)).toBe('alarm');
    expect(judge('<', 10, 10.05)).toBe('hold');
    expect(judge('<', 10, 10.1)).toBe('clear');
    expect(judge('<', -5, -5.2)).toBe('alarm');
    expect(judge('<', -5, -4.9)).toBe('clear');
  });

  it('compares equality and booleans without a band', () => {
    expect(judge('=', 3, 3)).toBe('alarm');
    expect(judge('=', 0.1 + 0.2, 0.3)).toBe('alarm');
    expect(judge('=', 3, 3.01)).toBe('clear');
    expect(judge('isTrue', null, 1)).toBe('alarm');
    expect(judge('isTrue', null, 0)).toBe('clear');
    expect(judge('isFalse', null, 0)).toBe('alarm');
    expect(judge('isFalse', null, 1)).toBe('clear');
  });

  it('judges voltage against either or both limits', () => {
    expect(judgeVoltage(22, 30, 21)).toBe('alarm');
    expect(judgeVoltage(22, 30, 31)).toBe('alarm');
    expect(judgeVoltage(22, 30, 22.1)).toBe('hold');
    expect(judgeVoltage(22, 30, 25)).toBe('clear');
    expect(judgeVoltage(null, 30, 5)).toBe('clear');
    expect(judgeVoltage(22, null, 45)).toBe('clear');
  });
});

describe('quietUntil', () => {
  // 2026-01-15 is in winter time (UTC+1); 2026-07-15 in summer time (UTC+2).
  const at = (iso: string) => Date.parse(iso);
  const night = { enabled: true, start: '22:00', end: '07:00' };

  it('defers to the end of quiet hours that span midnight, in Paris time', () => {
    expect(quietUntil(night, at('2026-01-15T22:30:00Z'))).toBe(at('2026-01-16T06:00:00Z'));
    expect(quietUntil(night, at('2026-07-15T03:10:20Z'))).toBe(at('2026-07-15T05:00:00Z'));
    expect(quietUntil(night, at('2026-01-15T12:00:00Z'))).toBe(at('2026-01-15T12:00:00Z'));
    expect(quietUntil(night, at('2026-01-15T06:00:00Z'))).toBe(at('2026-01-15T06:00:00Z'));
  });

  it('handles a daytime window, and leaves disabled or empty windows alone', () => {
    const lunch = { enabled: true, start: '12:00', end: '14:00' };
    expect(quietUntil(lunch, at('2026-01-15T11:30:00Z'))).toBe(at('2026-01-15T13:00:00Z'));
    expect(quietUntil(lunch, at('2026-01-15T13:00:00Z'))).toBe(at('2026-01-15T13:00:00Z'));
    expect(quietUntil({ ...night, enabled: false }, 5)).toBe(5);
    expect(quietUntil({ enabled: true, start: '08:00', end: '08:00' }, 5)).toBe(5);
    expect(quietUntil(undefined, 5)).toBe(5);
  });
});
