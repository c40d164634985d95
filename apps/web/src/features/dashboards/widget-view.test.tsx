// @vitest-environment happy-dom
import i18next from 'i18next';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  SeriesRef,
  WidgetData,
  WidgetInput,
  WidgetSeriesData,
} from '@atrium/contracts/dashboards';
import { renderWithProviders } from '../../testing/render';
import { WidgetView } from './widget-view';

afterEach(() => i18next.changeLanguage('fr'));

const ref: SeriesRef = { source: 'knx', mac: 'a4b1c2001001', address: '1/1/1' };
const layout = { x: 0, y: 0, w: 3, h: 2 };
// 14:30:05 in Paris on 26/11/2026 (UTC+1).
const T = Date.UTC(2026, 10, 26, 13, 30, 5);

function seriesData(over: Partial<WidgetSeriesData> = {}): WidgetSeriesData {
  return {
    mac: 'a4b1c2001001',
    address: '1/1/1',
    name: 'Température séjour',
    unit: '°C',
    isBool: false,
    points: [],
    last: { t: T, v: 21.456 },
    ...over,
  };
}

function show(widget: WidgetInput, series: WidgetSeriesData[]) {
  const data: WidgetData = { id: widget.id, kind: widget.kind, precision: null, series };
  return renderWithProviders(
    <WidgetView widget={widget} data={data} start={0} stop={T} height={200} />,
    { route: '/' },
  );
}

describe('widgets', () => {
  it('a current value: its decimals and unit in the console’s language, its time in Paris', async () => {
    show({ id: 'v', kind: 'value', title: '', layout, series: [ref], decimals: 1 }, [seriesData()]);
    expect(screen.getByTestId('widget-value').textContent).toBe('21,5 °C');
    expect(screen.getByText('26/11/2026 14:30:05')).toBeTruthy();
    await i18next.changeLanguage('en');
    expect((await screen.findByTestId('widget-value')).textContent).toBe('21.5 °C');
  });

  it('the unit of the widget overrides the series’ one; no value says so', () => {
    show(
      { id: 'v', kind: 'value', title: '', layout, series: [ref], decimals: 0, unit: 'degrés' },
      [seriesData()],
    );
    expect(screen.getByTestId('widget-value').textContent).toBe('21 degrés');
  });

  it('nothing recorded: a message instead of a number', () => {
    show({ id: 'v', kind: 'value', title: '', layout, series: [ref] }, [
      seriesData({ last: null }),
    ]);
    expect(screen.getByText('Aucune valeur enregistrée')).toBeTruthy();
    expect(screen.queryByTestId('widget-value')).toBeNull();
  });

  it('an on/off state with the default or the widget’s labels', () => {
    const state: WidgetInput = { id: 's', kind: 'state', title: '', layout, series: [ref] };
    const { unmount } = show(state, [seriesData({ isBool: true, last: { t: T, v: 1 } })]);
    expect(screen.getByTestId('widget-state').textContent).toBe('Marche');
    unmount();
    show({ ...state, onLabel: 'Ouvert', offLabel: 'Fermé' }, [
      seriesData({ isBool: true, last: { t: T, v: 0 } }),
    ]);
    expect(screen.getByTestId('widget-state').textContent).toBe('Fermé');
  });

  it('a gauge shows the value between its bounds', () => {
    const { container } = show(
      { id: 'g', kind: 'gauge', title: '', layout, series: [ref], min: 0, max: 40 },
      [seriesData()],
    );
    const texts = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toEqual(['21,5 °C', '0', '40']);
    // The arc drawn up to the value: 21.456 / 40 of a half circle.
    expect(container.querySelectorAll('svg path')).toHaveLength(2);
  });

  it('a table: one row per series with last, min, max and mean', () => {
    show({ id: 't', kind: 'table', title: '', layout, series: [ref] }, [
      seriesData({ stats: { min: 19.5, max: 23.25, mean: 21 } }),
      seriesData({ address: '1/1/2', name: 'Eau', unit: '', last: null, stats: null }),
    ]);
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toBe('Température séjour21,46 °C19,5 °C23,25 °C21 °C');
    expect(rows[2]).toBe('Eau––––');
  });
});
