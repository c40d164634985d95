import { describe, expect, it } from 'vitest';
import type { Alert } from '@atrium/contracts/alerts';
import {
  alertCondition,
  alertSubject,
  alertValue,
  formatMeasure,
  gatewayLabel,
} from './alert-format';

function alert(over: Partial<Alert> = {}): Alert {
  return {
    _id: 'a1',
    project: 'p1',
    gateway: '0011223344aa',
    gatewayName: 'Villa',
    kind: 'threshold',
    rule: 'Salon trop chaud',
    address: '1/2/3',
    addressName: 'Température salon',
    condition: '> 26',
    limit: 26,
    unit: '°C',
    value: 27.456,
    raisedAt: 1_700_000_000_000,
    clearedAt: null,
    clearValue: null,
    muted: false,
    ...over,
  };
}

describe('formatMeasure', () => {
  it('rounds to two decimals and adds the unit', () => {
    expect(formatMeasure(27.456, '°C')).toBe('27,46 °C');
    expect(formatMeasure(27.456, '°C', 'en')).toBe('27.46 °C');
    expect(formatMeasure(1350, 'ppm', 'fr')).toBe('1\u202f350 ppm');
    expect(formatMeasure(3, null)).toBe('3');
    expect(formatMeasure(61, '%')).toBe('61 %');
    expect(formatMeasure(null, 'V')).toBeNull();
  });
});

describe('alert labels', () => {
  it('names the gateway, else shows its MAC in pairs', () => {
    expect(gatewayLabel(alert())).toBe('Villa');
    expect(gatewayLabel(alert({ gatewayName: null }))).toBe('00:11:22:33:44:AA');
  });

  it('says what the alert is about: rule, address and ETS name', () => {
    expect(alertSubject(alert())).toBe('Salon trop chaud · 1/2/3 Température salon');
    expect(alertSubject(alert({ kind: 'stale', rule: '1/2/3', addressName: null }))).toBe('1/2/3');
    expect(
      alertSubject(alert({ kind: 'status', rule: null, address: null, addressName: null })),
    ).toBe('');
  });

  it('gives the threshold test with its limit and unit', () => {
    expect(alertCondition(alert())).toEqual({
      messageKey: 'alerts.condition.compare',
      values: { op: '>', limit: '26 °C' },
    });
    expect(alertCondition(alert({ condition: 'isTrue', limit: null }))?.messageKey).toBe(
      'alerts.condition.isTrue',
    );
  });

  it('reads a voltage in V, a bus load in %, a stale limit in minutes', () => {
    const voltage = alert({
      kind: 'voltage',
      condition: '< 22',
      limit: 22,
      unit: null,
      value: 20.1,
    });
    expect(alertCondition(voltage)?.values).toEqual({ op: '<', limit: '22 V' });
    expect(alertValue(voltage)).toBe('20,1 V');
    expect(alertValue(voltage, 'en')).toBe('20.1 V');
    const busload = alert({ kind: 'busload', condition: null, limit: 60, unit: null, value: 75 });
    expect(alertCondition(busload)?.values).toEqual({ op: '>', limit: '60 %' });
    expect(alertValue(busload)).toBe('75 %');
    expect(
      alertCondition(alert({ kind: 'stale', condition: '15 min', limit: 15, unit: 'min' })),
    ).toEqual({
      messageKey: 'alerts.condition.stale',
      values: { minutes: 15 },
    });
  });

  it('shows no value for an offline gateway and no test without a limit', () => {
    expect(alertValue(alert({ kind: 'status', value: 1 }))).toBeNull();
    expect(alertCondition(alert({ kind: 'status', condition: null, limit: null }))).toBeNull();
  });
});
