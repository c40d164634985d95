import { describe, expect, it } from 'vitest';
import { alignSeries, holdValues, meanAcross } from './chart-data';
import { favoriteDisplay, measurementOptions, splitSelection } from './graph-selection';

describe('chart data', () => {
  it('aligns series on the union of their times', () => {
    const aligned = alignSeries([
      [
        { x: 3, y: 30 },
        { x: 1, y: 10 },
      ],
      [{ x: 2, y: 5 }],
    ]);
    expect(aligned.x).toEqual([1, 2, 3]);
    expect(aligned.ys).toEqual([
      [10, null, 30],
      [null, 5, null],
    ]);
  });

  it('holds a value until the next one, not before the first nor after the last', () => {
    expect(holdValues([null, 1, null, 3, null])).toEqual([null, 1, 1, 3, null]);
    expect(holdValues([null, 1, null], true)).toEqual([null, 1, 1]);
  });

  it('averages the held values of the series at each time', () => {
    expect(
      meanAcross([
        [10, null, 30],
        [null, 20, null],
      ]),
    ).toEqual([10, 15, 25]);
  });
});

describe('graph selection', () => {
  const options = measurementOptions(
    [
      { address: '13/0/0', dpt: '9.001', name: 'Salon', gateway: 'GW' },
      { address: '0/0/1', dpt: '1.001', name: 'Cuisine', gateway: 'GW' },
      { address: '2/1/10', dpt: '2.001', name: 'Priorité', gateway: 'GW' },
      { address: '2/1/9', dpt: '5.001', name: 'Store', gateway: 'GW' },
    ],
    'Tension',
  );

  it('lists voltage first, then addresses in numeric order', () => {
    expect(options.map((o) => o.measurement)).toEqual([
      'voltage',
      '0/0/1',
      '2/1/9',
      '2/1/10',
      '13/0/0',
    ]);
  });

  it('splits booleans (DPT 1 and 2) from numbers', () => {
    expect(splitSelection(['voltage', '0/0/1', '13/0/0', '2/1/10', '9/9/9'], options)).toEqual({
      numeric: ['voltage', '13/0/0', '9/9/9'],
      boolean: ['0/0/1', '2/1/10'],
    });
  });

  it('writes the favorite display string with the names', () => {
    expect(favoriteDisplay(['voltage', '13/0/0'], options)).toBe('voltage Tension, 13/0/0 Salon');
  });
});
