import {
  DASHBOARD_LIMITS,
  type DashboardFormInput,
  type DashboardRange,
  type WidgetInput,
  type WidgetKind,
  type WidgetLayout,
  type SeriesRef,
} from '@atrium/contracts/dashboards';

/** The generator's state: the dashboard's name, range and widgets, and whether it changed. */
export interface EditorState {
  name: string;
  range: DashboardRange;
  widgets: WidgetInput[];
  dirty: boolean;
}

export type EditorAction =
  | { type: 'load'; name: string; form: DashboardFormInput }
  | { type: 'rename'; name: string }
  | { type: 'range'; range: DashboardRange }
  | { type: 'add'; widget: WidgetInput }
  | { type: 'replace'; widget: WidgetInput }
  | { type: 'remove'; id: string }
  | { type: 'layout'; layout: readonly { i: string; x: number; y: number; w: number; h: number }[] }
  | { type: 'saved' };

export const emptyEditor = (name = ''): EditorState => ({
  name,
  range: { kind: '24h' },
  widgets: [],
  dirty: false,
});

/** Default size of a new widget per kind (grid units of a 12-column grid). */
export const DEFAULT_SIZE: Readonly<Record<WidgetKind, { w: number; h: number }>> = {
  line: { w: 6, h: 4 },
  bar: { w: 6, h: 4 },
  gauge: { w: 3, h: 3 },
  value: { w: 3, h: 2 },
  state: { w: 3, h: 2 },
  table: { w: 6, h: 4 },
};

const overlaps = (a: WidgetLayout, b: WidgetLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The first free place of a w×h widget, row by row then column by column, so that a new
 * widget never overlaps the others (the server refuses overlaps: widgetLayout).
 */
export function freePlace(
  taken: readonly WidgetLayout[],
  size: { w: number; h: number },
): WidgetLayout {
  const w = Math.min(size.w, DASHBOARD_LIMITS.columns);
  for (let y = 0; y <= DASHBOARD_LIMITS.rowsMax; y++) {
    for (let x = 0; x + w <= DASHBOARD_LIMITS.columns; x++) {
      const place = { x, y, w, h: size.h };
      if (!taken.some((t) => overlaps(t, place))) return place;
    }
  }
  return { x: 0, y: DASHBOARD_LIMITS.rowsMax, w, h: size.h };
}

/** A widget id unique in the dashboard (the grid item's key). */
export function newWidgetId(widgets: readonly { id: string }[], random = Math.random): string {
  for (;;) {
    const id = `w${Math.floor(random() * 36 ** 6).toString(36)}`;
    if (!widgets.some((w) => w.id === id)) return id;
  }
}

/** Clamps a layout item to the contract's grid (inside 12 columns, height at most 12). */
export function clampLayout(l: { x: number; y: number; w: number; h: number }): WidgetLayout {
  const w = Math.max(1, Math.min(DASHBOARD_LIMITS.columns, Math.round(l.w)));
  const h = Math.max(1, Math.min(DASHBOARD_LIMITS.heightMax, Math.round(l.h)));
  const x = Math.max(0, Math.min(DASHBOARD_LIMITS.columns - w, Math.round(l.x)));
  const y = Math.max(0, Math.min(DASHBOARD_LIMITS.rowsMax, Math.round(l.y)));
  return { x, y, w, h };
}

const sameLayout = (a: WidgetLayout, b: WidgetLayout) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return {
        name: action.name,
        range: action.form.range,
        widgets: action.form.widgets,
        dirty: false,
      };
    case 'rename':
      return { ...state, name: action.name, dirty: true };
    case 'range':
      return { ...state, range: action.range, dirty: true };
    case 'add': {
      if (state.widgets.length >= DASHBOARD_LIMITS.widgetsMax) return state;
      const layout = freePlace(
        state.widgets.map((w) => w.layout),
        action.widget.layout,
      );
      return { ...state, widgets: [...state.widgets, { ...action.widget, layout }], dirty: true };
    }
    case 'replace':
      return {
        ...state,
        widgets: state.widgets.map((w) => (w.id === action.widget.id ? action.widget : w)),
        dirty: true,
      };
    case 'remove':
      return { ...state, widgets: state.widgets.filter((w) => w.id !== action.id), dirty: true };
    case 'layout': {
      const byId = new Map(action.layout.map((l) => [l.i, clampLayout(l)]));
      let changed = false;
      const widgets = state.widgets.map((w) => {
        const next = byId.get(w.id);
        if (!next || sameLayout(next, w.layout)) return w;
        changed = true;
        return { ...w, layout: next };
      });
      return changed ? { ...state, widgets, dirty: true } : state;
    }
    case 'saved':
      return { ...state, dirty: false };
  }
}

/** The body the server saves (POST/PUT /api/chartnx/dashboard). */
export function toBody(state: EditorState): { name: string; form: DashboardFormInput } {
  return { name: state.name.trim(), form: { range: state.range, widgets: state.widgets } };
}

/** The series a widget may hold at most, per kind. */
const SERIES_MAX: Readonly<Record<WidgetKind, number>> = {
  line: DASHBOARD_LIMITS.seriesPerChartMax,
  bar: DASHBOARD_LIMITS.seriesPerBarMax,
  table: DASHBOARD_LIMITS.seriesPerTableMax,
  gauge: 1,
  value: 1,
  state: 1,
};
export const seriesMax = (kind: WidgetKind): number => SERIES_MAX[kind];

/** A new widget of a kind on some series, with the kind's defaults (placed by 'add'). */
export function newWidget(
  kind: WidgetKind,
  id: string,
  title: string,
  series: SeriesRef[],
): WidgetInput {
  const layout = { x: 0, y: 0, ...DEFAULT_SIZE[kind] };
  const picked = series.slice(0, seriesMax(kind));
  switch (kind) {
    case 'line':
      return { id, kind, title, layout, series: picked, style: 'line', aggregation: 'mean' };
    case 'bar':
      return { id, kind, title, layout, series: picked, period: 'day', total: 'counter' };
    case 'gauge':
      return { id, kind, title, layout, series: picked, min: 0, max: 100 };
    case 'value':
      return { id, kind, title, layout, series: picked, decimals: 1 };
    case 'state':
      return { id, kind, title, layout, series: picked };
    case 'table':
      return { id, kind, title, layout, series: picked };
  }
}

/**
 * Bounds of a new gauge from its series' last value: 0 to 100 when it fits, else a round
 * bound a quarter above it (546 ppm gives 0 to 700), below zero for negative values.
 */
export function gaugeBounds(last: number | undefined): { min: number; max: number } {
  if (last === undefined || !Number.isFinite(last) || (last >= 0 && last <= 100))
    return { min: 0, max: 100 };
  const size = Math.abs(last) * 1.25;
  const step = 10 ** Math.floor(Math.log10(size));
  const bound = Math.ceil(size / step) * step;
  return last < 0 ? { min: -bound, max: Math.max(0, bound / 4) } : { min: 0, max: bound };
}
