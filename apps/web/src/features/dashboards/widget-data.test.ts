import { describe, expect, it } from 'vitest';
import type { DashboardDataReply } from '@atrium/contracts/dashboards';
import { applyLiveValues, gaugeRatio, isOn } from './widget-data';

const series = (address: string, points: { x: number; y: number }[]) => ({
  mac: 'a4b1c2001001',
  address,
  name: address,
  unit: '°C',
  isBool: false,
  points,
  last: points.length ? { t: points.at(-1)!.x, v: points.at(-1)!.y } : null,
});

const data: DashboardDataReply = {
  start: 0,
  stop: 10_000,
  widgets: [
    { id: 'l', kind: 'line', precision: '1m', series: [series('1/1/1', [{ x: 1000, y: 20 }])] },
    { id: 'v', kind: 'value', precision: null, series: [series('1/1/1', [])] },
    { id: 'o', kind: 'value', precision: null, series: [series('1/1/2', [])] },
  ],
};

describe('live values on a dashboard', () => {
  it('updates the last value of every widget on the series, and grows line charts only', () => {
    const next = applyLiveValues(data, {
      items: [
        { mac: 'a4b1c2001001', address: '1/1/1', t: 2000, v: 21 },
        { mac: 'a4b1c2001001', address: '1/1/1', t: 3000, v: 22 },
      ],
    });
    expect(next.widgets[0]!.series[0]!.last).toEqual({ t: 3000, v: 22 });
    expect(next.widgets[0]!.series[0]!.points).toEqual([
      { x: 1000, y: 20 },
      { x: 3000, y: 22 },
    ]);
    expect(next.widgets[1]!.series[0]!.last).toEqual({ t: 3000, v: 22 });
    expect(next.widgets[1]!.series[0]!.points).toEqual([]);
    // Another series is left as it was.
    expect(next.widgets[2]!.series[0]).toBe(data.widgets[2]!.series[0]);
  });

  it('ignores an older value, another gateway and an empty event', () => {
    const older = applyLiveValues(data, {
      items: [{ mac: 'a4b1c2001001', address: '1/1/1', t: 500, v: 5 }],
    });
    expect(older.widgets[0]!.series[0]!.last).toEqual({ t: 1000, v: 20 });
    const other = applyLiveValues(data, {
      items: [{ mac: 'a4b1c2009999', address: '1/1/1', t: 5000, v: 5 }],
    });
    expect(other.widgets[0]!.series[0]!.last).toEqual({ t: 1000, v: 20 });
    expect(applyLiveValues(data, { items: [] })).toBe(data);
  });

  it('places a value on a gauge and reads states', () => {
    expect(gaugeRatio(50, 0, 100)).toBe(0.5);
    expect(gaugeRatio(-5, 0, 100)).toBe(0);
    expect(gaugeRatio(546, 0, 100)).toBe(1);
    expect(gaugeRatio(1, 5, 5)).toBe(0);
    expect([isOn(0), isOn(1), isOn(-1)]).toEqual([false, true, true]);
  });
});
