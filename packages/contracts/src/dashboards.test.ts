import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_TOKEN_PATTERN,
  dashboardBody,
  rangeBounds,
  seriesKeyOf,
  seriesRefKey,
  sharedDashboardUrl,
  tokenBody,
  type WidgetInput,
} from './dashboards';

const mac = 'a4b1c2001001';
const value = (id: string, x: number, y = 0, w = 3): WidgetInput => ({
  id,
  kind: 'value',
  title: id,
  layout: { x, y, w, h: 2 },
  series: [{ source: 'knx', mac, address: '1/1/1' }],
});
const issues = (widgets: unknown[], range: object = { kind: '24h' }) => {
  const r = dashboardBody.safeParse({ name: 'D', form: { range, widgets } });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('dashboard bodies (issue 20)', () => {
  it('accepts a grid of widgets side by side and fills the defaults', () => {
    const r = dashboardBody.parse({
      name: ' Salon ',
      form: {
        range: { kind: '7d' },
        widgets: [
          value('a', 0),
          { ...value('b', 3), kind: 'line', series: [{ source: 'modbus', mac, valueId: 'v1' }] },
        ],
      },
    });
    expect(r.name).toBe('Salon');
    expect(r.form.widgets[1]).toMatchObject({
      style: 'line',
      precision: 'auto',
      aggregation: 'mean',
    });
  });

  it('refuses overlapping, out-of-grid, duplicate and unknown widgets', () => {
    expect(issues([value('a', 0), value('b', 2)])).toContain('widgetLayout');
    expect(issues([value('a', 10)])).toContain('widgetLayout');
    expect(issues([value('a', 0), value('a', 3)])).toContain('widgetId');
    expect(issues([{ ...value('a', 0), kind: 'pie' }]).length).toBeGreaterThan(0);
    expect(issues([{ ...value('a', 0), series: [] }]).length).toBeGreaterThan(0);
    expect(
      issues([{ ...value('a', 0), series: [{ source: 'knx', mac: 'AA:BB', address: '1/1/1' }] }]),
    ).toContain('invalidMac');
    const many = Array.from({ length: DASHBOARD_LIMITS.widgetsMax + 1 }, (_, i) =>
      value(`w${i}`, (i % 4) * 3, Math.floor(i / 4) * 2),
    );
    expect(issues(many).length).toBeGreaterThan(0);
    expect(issues([], { kind: 'custom', start: 10, stop: 5 })).toContain('invalidRange');
  });

  it('gives a widget series and a live value the same key', () => {
    expect(seriesRefKey({ source: 'knx', mac, address: '1/1/1' })).toBe(seriesKeyOf(mac, '1/1/1'));
    expect(seriesRefKey({ source: 'modbus', mac, valueId: 'v1' })).toBe(
      seriesKeyOf(mac, 'modbus:v1'),
    );
  });

  it('reads a range at a given instant and a token body with its default lifetime', () => {
    expect(rangeBounds({ kind: '24h' }, 86_400_000 * 2)).toEqual({
      start: 86_400_000,
      stop: 172_800_000,
    });
    expect(tokenBody.parse({ type: 'chartnx', project: 'p', dashboardID: 'd' }).bucket).toBe(
      'never',
    );
    expect(tokenBody.safeParse({ type: 'grafana', project: 'p', dashboardID: 'd' }).success).toBe(
      false,
    );
    const token = `atd_${'a'.repeat(43)}`;
    expect(DASHBOARD_TOKEN_PATTERN.test(token)).toBe(true);
    expect(sharedDashboardUrl(token)).toBe(`/shared/dashboard?token=${token}`);
  });
});
