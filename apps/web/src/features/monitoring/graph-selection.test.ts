import { describe, expect, it } from 'vitest';
import { modbusMeasurement, VOLTAGE_MEASUREMENT, type GraphSeries } from '@atrium/contracts/graph';
import {
  exportLabel,
  favoriteDisplay,
  measurementOptions,
  seriesLabel,
  splitSelection,
} from './graph-selection';

const monitored = [
  { address: '1/1/10', dpt: '9.001', name: 'Salon', gateway: 'Passerelle A' },
  { address: '1/1/2', dpt: '1.001', name: 'Lumière', gateway: 'Passerelle A' },
];
const modbus = [
  {
    measurement: modbusMeasurement('v2'),
    name: 'Compteur – Puissance',
    gateway: 'Passerelle A',
    unit: 'W',
  },
  {
    measurement: modbusMeasurement('v1'),
    name: 'Compteur – Énergie',
    gateway: 'Passerelle A',
    unit: 'Wh',
  },
];

describe('graph measurements', () => {
  it('offers voltage, the addresses in address order, then the Modbus values by name', () => {
    const options = measurementOptions(monitored, 'Tension', modbus);
    expect(options.map((o) => o.measurement)).toEqual([
      VOLTAGE_MEASUREMENT,
      '1/1/2',
      '1/1/10',
      'modbus:v1',
      'modbus:v2',
    ]);
    expect(options.at(-1)).toMatchObject({ isBool: false, dpt: null, unit: 'W' });
    // Modbus values are numbers: charted with the numeric query.
    expect(splitSelection(['1/1/2', 'modbus:v1'], options)).toEqual({
      numeric: ['modbus:v1'],
      boolean: ['1/1/2'],
    });
  });

  it('names a Modbus series by its meter and value, in the legend, the export and favorites', () => {
    const options = measurementOptions(monitored, 'Tension', modbus);
    const series: GraphSeries = {
      address: 'modbus:v1',
      mac: '00aabbccddee',
      name: 'Compteur – Énergie',
      dpt: null,
      unit: 'Wh',
      isBool: false,
      list: [],
    };
    expect(seriesLabel(series, 'Tension')).toBe('Compteur – Énergie');
    expect(exportLabel(series)).toBe('Compteur – Énergie');
    expect(seriesLabel({ ...series, address: '1/1/10', name: 'Salon' }, 'Tension')).toBe(
      '1/1/10 Salon',
    );
    expect(favoriteDisplay(['1/1/10', 'modbus:v1'], options)).toBe(
      '1/1/10 Salon, Compteur – Énergie',
    );
  });
});
