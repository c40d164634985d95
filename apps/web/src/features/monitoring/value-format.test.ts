import { describe, expect, it } from 'vitest';
import { formatAxisValues, formatTick, formatValue, tickDecimals } from './value-format';

describe('value and tick formats', () => {
  it('shows °C to 2 decimals and other values to 1 when fractional', () => {
    expect(formatValue(21.456, '°C')).toBe('21,46 °C');
    expect(formatValue(230.06, 'V')).toBe('230,1 V');
    expect(formatValue(12)).toBe('12');
  });

  it('labels time ticks in Paris time', () => {
    const t = Date.UTC(2026, 6, 1, 12, 30);
    expect(formatTick(t + 5_000, 300_000)).toBe('14:30:05');
    expect(formatTick(t, 86_400_000)).toBe('14:30');
    expect(formatTick(t, 4 * 86_400_000)).toBe('14:30');
    expect(formatTick(Date.UTC(2026, 5, 30, 22), 4 * 86_400_000)).toBe('01/07');
    expect(formatTick(t, 31 * 86_400_000)).toBe('01/07');
    expect(formatTick(t, 365 * 86_400_000)).toBe('07/2026');
  });

  it('gives value ticks the decimals their step needs (month of Voltage: not all "29 V")', () => {
    expect(tickDecimals(10)).toBe(0);
    expect(tickDecimals(1)).toBe(0);
    expect(tickDecimals(0.5)).toBe(1);
    expect(tickDecimals(0.09999999999999964)).toBe(1);
    expect(tickDecimals(0.02)).toBe(2);
    expect(tickDecimals(0.0025)).toBe(3);
    expect(tickDecimals(1e-12)).toBe(6);
    const labels = formatAxisValues([29, 29.02, 29.04, 29.06], 'V');
    expect(labels).toEqual(['29,00 V', '29,02 V', '29,04 V', '29,06 V']);
    expect(new Set(labels).size).toBe(labels.length);
    expect(formatAxisValues([28.8, 29, 29.2], 'V')).toEqual(['28,8 V', '29,0 V', '29,2 V']);
    expect(formatAxisValues([0, 50, 100, 150])).toEqual(['0', '50', '100', '150']);
    expect(formatAxisValues([21.5])).toEqual(['22']);
  });
});
