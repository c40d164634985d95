import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../features/monitoring/value-format';
import { fileSize } from '../features/projects/csv-file';
import { initTestI18n } from '../testing/i18n';
import { formatDateTime } from './dates';
import { currentLocale, formatBytes } from './locale';

beforeAll(initTestI18n);
afterEach(() => i18next.changeLanguage('fr'));

const WINTER_NOON = '2026-01-15T12:34:56Z';

describe('numbers, units and dates follow the console language (issue 16)', () => {
  it('French: octets, decimal comma, dd/mm/yyyy in Paris time', () => {
    expect(currentLocale()).toBe('fr-FR');
    expect(formatBytes(14)).toBe('14 o');
    expect(formatBytes(12_345)).toBe('12,3 ko');
    expect(fileSize(1_000_000)).toBe('1 Mo');
    expect(formatValue(24.6123, '°C')).toBe('24,61 °C');
    expect(formatDateTime(WINTER_NOON)).toBe('15/01/2026 13:34:56');
  });

  it('English: bytes, decimal point, the same day/month order, still Paris time', async () => {
    await i18next.changeLanguage('en');
    expect(currentLocale()).toBe('en-GB');
    expect(formatBytes(14)).toBe('14 B');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(fileSize(1_000_000)).toBe('1 MB');
    expect(formatBytes(1_234_567)).toBe('1.23 MB');
    expect(formatValue(24.6123, '°C')).toBe('24.61 °C');
    expect(formatValue(1234.56, 'W')).toBe('1,234.6 W');
    expect(formatDateTime(WINTER_NOON)).toBe('15/01/2026, 13:34:56');
  });

  it('follows a change of language at once', async () => {
    expect(formatValue(0.5, 'V')).toBe('0,5 V');
    await i18next.changeLanguage('en');
    expect(formatValue(0.5, 'V')).toBe('0.5 V');
    await i18next.changeLanguage('fr');
    expect(formatValue(0.5, 'V')).toBe('0,5 V');
  });
});
