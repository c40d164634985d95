import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/i18n';
import { formatDateMinute, formatDateTime } from './dates';

describe('dates in Paris time, French format', () => {
  it('adds one hour in winter (CET)', () => {
    expect(formatDateTime('2026-01-15T12:34:56Z')).toBe('15/01/2026 13:34:56');
  });

  it('adds two hours in summer (CEST)', () => {
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12, 0, 0))).toBe('01/07/2026 14:00:00');
  });

  it('changes the day when Paris is already past midnight', () => {
    const lateUtc = new Date('2026-12-31T23:30:00Z');
    expect(formatDateTime(lateUtc)).toBe('01/01/2027 00:30:00');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('dates to the minute', () => {
  beforeAll(initTestI18n);
  afterEach(() => i18next.changeLanguage('fr'));

  it('keeps the minutes whole in both languages (English adds a comma)', async () => {
    expect(formatDateMinute(Date.UTC(2026, 10, 27, 23, 0))).toBe('28/11/2026 00:00');
    await i18next.changeLanguage('en');
    expect(formatDateMinute(Date.UTC(2026, 10, 27, 23, 0))).toBe('28/11/2026, 00:00');
    expect(formatDateMinute('not a date')).toBe('');
  });
});
