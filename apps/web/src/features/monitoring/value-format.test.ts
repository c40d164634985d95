import { describe, expect, it } from 'vitest';
import { formatTick, formatValue } from './value-format';

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
});
