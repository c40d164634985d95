import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_LIMITS,
  WIDGET_KINDS,
  dashboardBody,
  widget as widgetSchema,
  type SeriesRef,
} from '@atrium/contracts/dashboards';
import {
  clampLayout,
  editorReducer,
  emptyEditor,
  freePlace,
  gaugeBounds,
  newWidget,
  newWidgetId,
  seriesMax,
  toBody,
  type EditorState,
} from './editor-state';

const knx = (address: string): SeriesRef => ({ source: 'knx', mac: 'a4b1c2001001', address });
const overlap = (
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function build(kinds: readonly (typeof WIDGET_KINDS)[number][]): EditorState {
  let state = editorReducer(emptyEditor(), { type: 'rename', name: 'Villa' });
  kinds.forEach((kind, i) => {
    state = editorReducer(state, {
      type: 'add',
      widget: newWidget(kind, newWidgetId(state.widgets), `W${i}`, [knx(`1/1/${i + 1}`)]),
    });
  });
  return state;
}

describe('the generator state', () => {
  it('places each new widget where it overlaps none, and the body passes the contract', () => {
    const state = build(['line', 'value', 'gauge', 'state', 'table', 'bar', 'value', 'line']);
    expect(state.dirty).toBe(true);
    const layouts = state.widgets.map((w) => w.layout);
    for (let i = 0; i < layouts.length; i++)
      for (let j = 0; j < i; j++) expect(overlap(layouts[i]!, layouts[j]!)).toBe(false);
    // Row by row: the first line chart at the top left, the value beside it.
    expect(layouts[0]).toEqual({ x: 0, y: 0, w: 6, h: 4 });
    expect(layouts[1]).toEqual({ x: 6, y: 0, w: 3, h: 2 });
    expect(dashboardBody.safeParse(toBody(state)).success).toBe(true);
  });

  it('stops at the widget limit', () => {
    const state = build(Array.from({ length: DASHBOARD_LIMITS.widgetsMax + 3 }, () => 'value'));
    expect(state.widgets).toHaveLength(DASHBOARD_LIMITS.widgetsMax);
    expect(dashboardBody.safeParse(toBody(state)).success).toBe(true);
  });

  it('takes the grid’s layout clamped to the contract, and is dirty only when a place changed', () => {
    const loaded = editorReducer(emptyEditor(), {
      type: 'load',
      name: 'Villa',
      form: toBody(build(['line', 'value'])).form,
    });
    expect(loaded.dirty).toBe(false);
    const [line, value] = loaded.widgets;
    const same = editorReducer(loaded, {
      type: 'layout',
      layout: loaded.widgets.map((w) => ({ i: w.id, ...w.layout })),
    });
    expect(same).toBe(loaded);
    const moved = editorReducer(loaded, {
      type: 'layout',
      layout: [
        { i: line!.id, x: 0, y: 3, w: 14, h: 40 },
        { i: value!.id, x: 0, y: 0, w: 3, h: 2 },
      ],
    });
    expect(moved.dirty).toBe(true);
    expect(moved.widgets[0]!.layout).toEqual({ x: 0, y: 3, w: 12, h: DASHBOARD_LIMITS.heightMax });
    expect(dashboardBody.safeParse(toBody(moved)).success).toBe(true);
    expect(editorReducer(moved, { type: 'saved' }).dirty).toBe(false);
  });

  it('replaces and removes widgets by id', () => {
    const state = build(['value', 'state']);
    const [first, second] = state.widgets;
    const renamed = editorReducer(state, {
      type: 'replace',
      widget: { ...first!, title: 'Séjour' },
    });
    expect(renamed.widgets.map((w) => w.title)).toEqual(['Séjour', 'W1']);
    const removed = editorReducer(renamed, { type: 'remove', id: first!.id });
    expect(removed.widgets.map((w) => w.id)).toEqual([second!.id]);
  });

  it('gives every kind valid defaults, holding at most its number of series', () => {
    const many = Array.from({ length: 20 }, (_, i) => knx(`3/0/${i + 1}`));
    for (const kind of WIDGET_KINDS) {
      const w = newWidget(kind, 'w1', '', many);
      expect(w.series).toHaveLength(seriesMax(kind));
      expect(widgetSchema.safeParse(w).success).toBe(true);
    }
  });

  it('finds free places and clamps layouts', () => {
    expect(freePlace([{ x: 0, y: 0, w: 12, h: 2 }], { w: 4, h: 2 })).toEqual({
      x: 0,
      y: 2,
      w: 4,
      h: 2,
    });
    expect(freePlace([{ x: 0, y: 0, w: 4, h: 2 }], { w: 4, h: 2 })).toEqual({
      x: 4,
      y: 0,
      w: 4,
      h: 2,
    });
    expect(clampLayout({ x: 11, y: -1, w: 4, h: 0 })).toEqual({ x: 8, y: 0, w: 4, h: 1 });
    const ids = new Set(Array.from({ length: 50 }, () => newWidgetId([])));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(newWidgetId([{ id: 'w0' }], () => 0.5)).not.toBe('w0');
  });

  it('gives a new gauge round bounds around its series’ last value', () => {
    expect(gaugeBounds(undefined)).toEqual({ min: 0, max: 100 });
    expect(gaugeBounds(21.5)).toEqual({ min: 0, max: 100 });
    expect(gaugeBounds(546)).toEqual({ min: 0, max: 700 });
    expect(gaugeBounds(1786)).toEqual({ min: 0, max: 3000 });
    expect(gaugeBounds(-12)).toEqual({ min: -20, max: 5 });
  });
});
