import { z } from 'zod';
import { AGGREGATIONS, PRECISIONS } from './graph';
import { macSchema } from './gateway';
import { groupAddressSchema } from './gateway-protocol';
import { modbusMeasurement } from './modbus-measurement';
import { projectNameSchema } from './project';

/**
 * Dashboards (issue 20, decisions 0032 and 0033): chart dashboards built by the generator
 * (`/chartnx-generator/{projectID}[/{dashboardID}]`), the project's boss dashboard, shared
 * read-only links (tokens), and the grafnx JSON export/import.
 *
 * Spec calls (document 1 §7, document 3 §7 "Chart service"), their vague parameters decided
 * in decision 0032:
 * - `POST /api/chartnx/dashboard/{x}` {name, form}: {x} is the project id.
 * - `PUT /api/chartnx/dashboard/{x}/{id}` {name, form} and `DELETE …/{x}/{id}`: project, dashboard.
 * - `GET /api/chartnx/dashboard/{x}`: the project's dashboards.
 * - `GET /api/chartnx/form/{a}/{b}`: {a} the project id, {b} the dashboard id: its form.
 * - `POST /api/chartnx/token` {type, project, bucket, dashboardID}: a share link.
 * - `GET /api/bossnx/projects/{id}` (404 dashboardNotFound when none) and `POST` {projectName}.
 * Atrium's own calls are listed in DASHBOARD_PATHS.
 */

/* ------------------------------------------------------------------ limits */

export const DASHBOARD_LIMITS = {
  nameMax: 100,
  titleMax: 80,
  widgetsMax: 24,
  /** The grid is 12 columns wide; rows are unbounded in principle, bounded here. */
  columns: 12,
  rowsMax: 200,
  /** Height of one widget in grid rows. */
  heightMax: 12,
  seriesPerChartMax: 8,
  seriesPerTableMax: 12,
  seriesPerBarMax: 4,
  unitMax: 16,
  labelMax: 32,
  /** Boss dashboard: key values and energy counters chosen by the installer. */
  keyValuesMax: 8,
  energySeriesMax: 8,
  /** Live share links per dashboard (revoked ones not counted). */
  sharesPerDashboardMax: 20,
  /** The longest custom range a dashboard may show: about 2 years. */
  customRangeMaxMs: 2 * 366 * 24 * 3600 * 1000,
} as const;

/* ------------------------------------------------------------------ series */

/**
 * A recorded series of the project a widget reads: a monitored KNX group address of a
 * gateway, or a Modbus value (its id) recorded by a gateway. Saving a widget on a series the
 * project does not record answers 400 seriesNotInProject.
 */
/**
 * A gateway MAC as the API gives it (12 lowercase hex characters): no transform, so the same
 * schema checks bodies and replies.
 */
const storedMac = z
  .string()
  .regex(/^[0-9a-f]{12}$/, 'invalidMac')
  .describe('the recording gateway, 12 lowercase hex characters (as the series list gives it)');
export const knxSeriesRef = z.strictObject({
  source: z.literal('knx'),
  mac: storedMac,
  address: groupAddressSchema.describe('the group address, "1/2/3"'),
});
export const modbusSeriesRef = z.strictObject({
  source: z.literal('modbus'),
  mac: storedMac,
  valueId: z.string().min(1).max(64).describe('the Modbus value id (issue 15)'),
});
export const seriesRef = z.discriminatedUnion('source', [knxSeriesRef, modbusSeriesRef]);
export type SeriesRef = z.infer<typeof seriesRef>;

/**
 * One key per series (`{mac}|{address}`, address `modbus:{valueId}` for Modbus): how a
 * widget's series matches the `address` of the data replies and of the live events.
 */
export function seriesRefAddress(ref: SeriesRef): string {
  return ref.source === 'knx' ? ref.address : modbusMeasurement(ref.valueId);
}
export function seriesRefKey(ref: SeriesRef): string {
  return `${ref.mac}|${seriesRefAddress(ref)}`;
}
/** The same key from a data reply's or live event's `mac` and `address`. */
export const seriesKeyOf = (mac: string, address: string) => `${mac}|${address}`;

/** A series the caller may put on a widget (GET /api/chartnx/series/{projectId}). */
export const dashboardSeriesItem = z.object({
  ref: seriesRef,
  /** The key of seriesRefKey. */
  key: z.string(),
  /** ETS name of the address, or "meter – value" for Modbus. */
  name: z.string(),
  gatewayName: z.string(),
  dpt: z.string().nullable(),
  unit: z.string(),
  isBool: z.boolean(),
  /** The last recorded point, or null when nothing was recorded yet. */
  last: z.object({ t: z.number(), v: z.number() }).nullable(),
});
export type DashboardSeriesItem = z.infer<typeof dashboardSeriesItem>;
export const dashboardSeriesReply = z.object({ series: z.array(dashboardSeriesItem) });

/* ------------------------------------------------------------------ range */

export const RELATIVE_RANGES = ['24h', '7d', '30d', '1y'] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];
export const RANGE_MS: Readonly<Record<RelativeRange, number>> = {
  '24h': 24 * 3600 * 1000,
  '7d': 7 * 24 * 3600 * 1000,
  '30d': 30 * 24 * 3600 * 1000,
  '1y': 365 * 24 * 3600 * 1000,
};

const epochMs = z.number().int().min(0).describe('epoch ms');

/** A dashboard's time range: the last 24 h / 7 d / 30 d / year, or a fixed period. */
export const dashboardRange = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(RELATIVE_RANGES) }),
  z
    .strictObject({ kind: z.literal('custom'), start: epochMs, stop: epochMs })
    .refine((r) => r.stop > r.start, { message: 'invalidRange', path: ['stop'] })
    .refine((r) => r.stop - r.start <= DASHBOARD_LIMITS.customRangeMaxMs, {
      message: 'invalidRange',
      path: ['start'],
    }),
]);
export type DashboardRange = z.infer<typeof dashboardRange>;

/** The [start, stop) of a range at `now`. */
export function rangeBounds(range: DashboardRange, now: number): { start: number; stop: number } {
  if (range.kind === 'custom') return { start: range.start, stop: range.stop };
  return { start: now - RANGE_MS[range.kind], stop: now };
}

/* ------------------------------------------------------------------ widgets */

export const WIDGET_KINDS = ['line', 'bar', 'gauge', 'value', 'state', 'table'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** A widget's place in the 12-column grid (react-grid-layout's x, y, w, h). */
export const widgetLayout = z
  .strictObject({
    x: z
      .number()
      .int()
      .min(0)
      .max(DASHBOARD_LIMITS.columns - 1),
    y: z.number().int().min(0).max(DASHBOARD_LIMITS.rowsMax),
    w: z.number().int().min(1).max(DASHBOARD_LIMITS.columns),
    h: z.number().int().min(1).max(DASHBOARD_LIMITS.heightMax),
  })
  .refine((l) => l.x + l.w <= DASHBOARD_LIMITS.columns, {
    message: 'widgetLayout',
    path: ['w'],
  });
export type WidgetLayout = z.infer<typeof widgetLayout>;

const widgetId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/)
  .describe('unique within the dashboard (the grid item key)');
const title = z.string().trim().max(DASHBOARD_LIMITS.titleMax);
const unit = z.string().trim().max(DASHBOARD_LIMITS.unitMax);
const label = z.string().trim().max(DASHBOARD_LIMITS.labelMax);
const seriesList = (max: number) => z.array(seriesRef).min(1).max(max);

const base = { id: widgetId, title, layout: widgetLayout };

/** Line or area chart: points at a precision, aggregated (as the graph dialog's). */
export const lineWidget = z.strictObject({
  ...base,
  kind: z.literal('line'),
  series: seriesList(DASHBOARD_LIMITS.seriesPerChartMax),
  style: z.enum(['line', 'area']).default('line'),
  precision: z.enum(PRECISIONS).default('auto'),
  aggregation: z.enum(AGGREGATIONS).default('mean'),
});

/**
 * Bar chart of daily or monthly totals (Paris days and months). `counter`: the series is a
 * cumulative index (an energy meter), a period's total is its rise; `sum`: the values
 * themselves are added up (mean × count of the period's points).
 */
export const BAR_PERIODS = ['day', 'month'] as const;
export const BAR_TOTALS = ['counter', 'sum'] as const;
export const barWidget = z.strictObject({
  ...base,
  kind: z.literal('bar'),
  series: seriesList(DASHBOARD_LIMITS.seriesPerBarMax),
  period: z.enum(BAR_PERIODS).default('day'),
  total: z.enum(BAR_TOTALS).default('counter'),
});

/** Gauge of the last value between min and max. */
export const gaugeWidget = z
  .strictObject({
    ...base,
    kind: z.literal('gauge'),
    series: seriesList(1),
    min: z.number().finite(),
    max: z.number().finite(),
    unit: unit.optional().describe("overrides the series' unit"),
  })
  .refine((w) => w.max > w.min, { message: 'minThresholdLowerThanMax', path: ['max'] });

/** The last value, with its unit and decimals. */
export const valueWidget = z.strictObject({
  ...base,
  kind: z.literal('value'),
  series: seriesList(1),
  unit: unit.optional().describe("overrides the series' unit"),
  decimals: z.number().int().min(0).max(6).default(1),
});

/** On/off state of a boolean series (0 off, anything else on), with optional labels. */
export const stateWidget = z.strictObject({
  ...base,
  kind: z.literal('state'),
  series: seriesList(1),
  onLabel: label.optional(),
  offLabel: label.optional(),
});

/** A table: one row per series with its last value and its min, max and mean over the range. */
export const tableWidget = z.strictObject({
  ...base,
  kind: z.literal('table'),
  series: seriesList(DASHBOARD_LIMITS.seriesPerTableMax),
});

export const widget = z.discriminatedUnion('kind', [
  lineWidget,
  barWidget,
  gaugeWidget,
  valueWidget,
  stateWidget,
  tableWidget,
]);
export type Widget = z.infer<typeof widget>;
/** What the console sends before defaults are applied. */
export type WidgetInput = z.input<typeof widget>;

/* ------------------------------------------------------------------ dashboard */

/** A dashboard's name (the spec's `name`, the generator's dashboardName). */
export const dashboardNameSchema = z.string().trim().min(1, 'invalidName').max(100, 'invalidName');

/**
 * The spec's `form` (document 1 §3: "dashboard form: dashboardName, saved as name and form"):
 * the range and the widgets. Widget ids are unique; widgets may not overlap.
 */
export const dashboardForm = z
  .strictObject({
    range: dashboardRange,
    widgets: z.array(widget).max(DASHBOARD_LIMITS.widgetsMax),
  })
  .superRefine((f, ctx) => {
    const ids = new Set<string>();
    f.widgets.forEach((w, i) => {
      if (ids.has(w.id))
        ctx.addIssue({ code: 'custom', message: 'widgetId', path: ['widgets', i, 'id'] });
      ids.add(w.id);
      for (let j = 0; j < i; j++) {
        const o = f.widgets[j]!.layout;
        const l = w.layout;
        if (l.x < o.x + o.w && o.x < l.x + l.w && l.y < o.y + o.h && o.y < l.y + l.h) {
          ctx.addIssue({ code: 'custom', message: 'widgetLayout', path: ['widgets', i, 'layout'] });
          break;
        }
      }
    });
  });
export type DashboardForm = z.infer<typeof dashboardForm>;
export type DashboardFormInput = z.input<typeof dashboardForm>;

/** Body of POST /api/chartnx/dashboard/{x} and PUT /api/chartnx/dashboard/{x}/{id}. */
export const dashboardBody = z.strictObject({ name: dashboardNameSchema, form: dashboardForm });
export type DashboardBody = z.input<typeof dashboardBody>;

export const DASHBOARD_TYPES = ['chartnx', 'bossnx'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/** A live share link (its token is shown once, when created). */
export const shareItem = z.object({
  _id: z.string(),
  type: z.enum(DASHBOARD_TYPES),
  dashboardID: z.string(),
  createdAt: z.number(),
  /** Epoch ms, or null for a link that does not expire. */
  expiresAt: z.number().nullable(),
  createdBy: z.string().nullable().describe("the creator's e-mail"),
});
export type ShareItem = z.infer<typeof shareItem>;

/** A chart dashboard (document 1 §3: name, token, _id). */
export const chartDashboard = z.object({
  _id: z.string(),
  projectId: z.string(),
  name: z.string(),
  form: dashboardForm,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The live share links; their tokens are stored hashed and never listed (decision 0032). */
  shares: z.array(shareItem),
});
export type ChartDashboard = z.infer<typeof chartDashboard>;

/** GET /api/chartnx/dashboard/{x}: the project's dashboards, and how many more it may have. */
export const dashboardListReply = z.object({
  dashboards: z.array(chartDashboard),
  /** The project's `licences.chartnx`, or null when the caller is not limited (admin, partner). */
  limit: z.number().nullable(),
  /** Whether the caller may create one more (limit not reached and rights to write). */
  canCreate: z.boolean(),
});
export type DashboardListReply = z.infer<typeof dashboardListReply>;

/** POST, PUT: the dashboard saved (the console shows dashboardSaved). */
export const dashboardReply = z.object({ dashboard: chartDashboard });
/** GET /api/chartnx/form/{a}/{b}: the generator's form of one dashboard. */
export const dashboardFormReply = z.object({
  _id: z.string(),
  name: z.string(),
  form: dashboardForm,
});
export const dashboardDeletedReply = z.object({ _id: z.string(), deleted: z.literal(true) });

/* ------------------------------------------------------------------ tokens */

/**
 * How long a share link lives (the spec's `bucket`, decision 0032): a day, a week, a month,
 * a year, or until revoked.
 */
export const SHARE_BUCKETS = ['1d', '7d', '30d', '1y', 'never'] as const;
export type ShareBucket = (typeof SHARE_BUCKETS)[number];
export const SHARE_BUCKET_MS: Readonly<Record<ShareBucket, number | null>> = {
  '1d': 24 * 3600 * 1000,
  '7d': 7 * 24 * 3600 * 1000,
  '30d': 30 * 24 * 3600 * 1000,
  '1y': 365 * 24 * 3600 * 1000,
  never: null,
};

/**
 * POST /api/chartnx/token: a share link to one dashboard of one project: a chart dashboard
 * (type chartnx, dashboardID its _id) or the boss dashboard (type bossnx, dashboardID its _id).
 */
export const tokenBody = z.strictObject({
  type: z.enum(DASHBOARD_TYPES),
  project: z.string().min(1).max(64),
  bucket: z.enum(SHARE_BUCKETS).default('never').describe('lifetime of the link'),
  dashboardID: z.string().min(1).max(64),
});
export type TokenBody = z.input<typeof tokenBody>;

/** Where the console serves a shared dashboard: `/shared/dashboard?token={token}`. */
export const SHARED_DASHBOARD_PAGE = '/shared/dashboard';
export const sharedDashboardUrl = (token: string) =>
  `${SHARED_DASHBOARD_PAGE}?token=${encodeURIComponent(token)}`;
/**
 * The boss dashboard page (document 1 §2: "a boss dashboard address with
 * /login?bossnxId={id}"): `/bossnx/login?bossnxId={projectId}`, a signed-in console page.
 */
export const BOSS_DASHBOARD_PAGE = '/bossnx/login';
export const bossDashboardUrl = (projectId: string) =>
  `${BOSS_DASHBOARD_PAGE}?bossnxId=${encodeURIComponent(projectId)}`;

/** The token (shown only here) and the page that opens it, relative to the console's origin. */
export const tokenReply = z.object({
  token: z.string(),
  url: z.string(),
  share: shareItem,
});
export type TokenReply = z.infer<typeof tokenReply>;

/** DELETE /api/chartnx/token/{id}: the link revoked (its viewers get dashboard:revoked). */
export const tokenRevokedReply = z.object({ _id: z.string(), revoked: z.literal(true) });

/**
 * The shared page sends its token in this header (never in a cookie or Authorization: it is
 * not a session, and any other call carrying it is refused).
 */
export const DASHBOARD_TOKEN_HEADER = 'x-dashboard-token';
/** Tokens are `atd_` and 43 base64url characters (32 random bytes). */
export const DASHBOARD_TOKEN_PATTERN = /^atd_[A-Za-z0-9_-]{43}$/;

/* ------------------------------------------------------------------ data */

/** A series of a widget's data: `address` and `mac` match seriesKeyOf. */
export const widgetSeriesData = z.object({
  mac: z.string(),
  address: z.string().describe('group address or `modbus:{valueId}`'),
  name: z.string(),
  unit: z.string(),
  isBool: z.boolean(),
  /** Charts: the points (x the bucket start, epoch ms); other kinds: empty. */
  points: z.array(z.object({ x: z.number(), y: z.number() })),
  /** The last value recorded up to the range's stop, or null. */
  last: z.object({ t: z.number(), v: z.number() }).nullable(),
  /** Tables: min, max and mean over the range (null without points); other kinds: absent. */
  stats: z.object({ min: z.number(), max: z.number(), mean: z.number() }).nullable().optional(),
});
export type WidgetSeriesData = z.infer<typeof widgetSeriesData>;

export const widgetData = z.object({
  id: z.string(),
  kind: z.enum(WIDGET_KINDS),
  /** Charts: the window used (1m, 1h, 1d…; for bars: 1d, or `1mo` for months). */
  precision: z.string().nullable(),
  series: z.array(widgetSeriesData),
});
export type WidgetData = z.infer<typeof widgetData>;

/**
 * A dashboard's data: every widget at once, over the range's [start, stop).
 * GET /api/chartnx/data/{projectId}/{dashboardId}, POST /api/chartnx/data/{projectId}
 * (the generator's preview of an unsaved form), GET /api/shared/dashboard/data (by token).
 */
export const dashboardDataReply = z.object({
  start: z.number(),
  stop: z.number(),
  widgets: z.array(widgetData),
});
export type DashboardDataReply = z.infer<typeof dashboardDataReply>;
/** Optional query of the data calls: another period than the dashboard's own. */
export const dashboardDataQuery = z.strictObject({
  start: z.coerce.number().int().min(0).optional(),
  stop: z.coerce.number().int().min(0).optional(),
});
/** POST /api/chartnx/data/{projectId}: the preview of a form not yet saved. */
export const dashboardPreviewBody = z.strictObject({ form: dashboardForm });

/* ------------------------------------------------------------------ boss */

/**
 * The project's boss dashboard (one per project): its title (the spec's `projectName`), the
 * key values and the energy counters the installer chose (PUT /api/bossnx/projects/{id}).
 */
export const bossDashboard = z.object({
  _id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  keyValues: z.array(seriesRef),
  energy: z.array(seriesRef),
  createdAt: z.number(),
  updatedAt: z.number(),
  shares: z.array(shareItem),
});
export type BossDashboard = z.infer<typeof bossDashboard>;
export const bossReply = z.object({ dashboard: bossDashboard });
/** POST /api/bossnx/projects/{id}: creates it (or answers the existing one). */
export const bossCreateBody = z.strictObject({ projectName: projectNameSchema });
/** PUT /api/bossnx/projects/{id}: the installer's choice of values (Atrium's call). */
export const bossUpdateBody = z.strictObject({
  projectName: projectNameSchema.optional(),
  keyValues: z.array(seriesRef).max(DASHBOARD_LIMITS.keyValuesMax),
  energy: z
    .array(seriesRef)
    .max(DASHBOARD_LIMITS.energySeriesMax)
    .describe('cumulative energy counters (kWh), added up for today and this month'),
});
export type BossUpdateBody = z.input<typeof bossUpdateBody>;

/** GET /api/bossnx/data/{id} and, by token, GET /api/shared/dashboard/data (type bossnx). */
export const bossDataReply = z.object({
  at: z.number(),
  gateways: z.object({
    online: z.number(),
    total: z.number(),
    list: z.array(z.object({ mac: z.string(), name: z.string(), online: z.boolean() })),
  }),
  /** The project's alerts raised in the last 24 h, newest first (at most 50). */
  alerts: z.object({
    count: z.number(),
    items: z.array(
      z.object({
        _id: z.string(),
        kind: z.string(),
        mac: z.string().nullable(),
        message: z.string(),
        at: z.number(),
        active: z.boolean(),
      }),
    ),
  }),
  keyValues: z.array(widgetSeriesData),
  /** Rises of the energy counters since 00:00 and the 1st of the month (Paris), or null. */
  energy: z.object({
    unit: z.string(),
    today: z.number().nullable(),
    month: z.number().nullable(),
  }),
});
export type BossDataReply = z.infer<typeof bossDataReply>;

/* ------------------------------------------------------------------ shared (by token) */

/** GET /api/shared/dashboard (header x-dashboard-token): what the link opens. */
export const sharedDashboardReply = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chartnx'),
    projectName: z.string(),
    expiresAt: z.number().nullable(),
    dashboard: z.object({ _id: z.string(), name: z.string(), form: dashboardForm }),
  }),
  z.object({
    type: z.literal('bossnx'),
    projectName: z.string(),
    expiresAt: z.number().nullable(),
    dashboard: z.object({ _id: z.string(), projectName: z.string() }),
  }),
]);
export type SharedDashboardReply = z.infer<typeof sharedDashboardReply>;
/** GET /api/shared/dashboard/data: the chart data, or the boss summary. */
export const sharedDataReply = z.union([dashboardDataReply, bossDataReply]);

/* ------------------------------------------------------------------ grafnx */

/** The JSON a dashboard travels in between projects (decision 0033). */
export const DASHBOARD_EXPORT_FORMAT = 'atrium.dashboard' as const;
export const dashboardExport = z.strictObject({
  format: z.literal(DASHBOARD_EXPORT_FORMAT),
  version: z.literal(1),
  name: dashboardNameSchema,
  form: dashboardForm,
});
export type DashboardExport = z.infer<typeof dashboardExport>;
/**
 * POST /api/grafnx/import/{projectId}: creates a dashboard from an export. `gateways` maps
 * the export's gateway MACs to the target project's (when absent: a MAC of the project stays,
 * and when the project has a single gateway every series is moved onto it).
 */
export const dashboardImportBody = z.strictObject({
  dashboard: dashboardExport,
  name: dashboardNameSchema.optional(),
  gateways: z.record(z.string().max(40), macSchema).optional(),
});
export type DashboardImportBody = z.input<typeof dashboardImportBody>;

/* ------------------------------------------------------------------ socket */

/**
 * socket.io (path /socket.io) for shared viewers: connect with `auth: { dashboardToken }`
 * (no session). The server puts the socket in the token's own room and nowhere else; a bad,
 * revoked or expired token is refused at the handshake (connect_error with message
 * dashboardTokenInvalid, dashboardTokenRevoked or dashboardTokenExpired).
 * Signed-in consoles hear the same values after `dashboard:watch` (DASHBOARD_SOCKET_EVENTS).
 */
export const dashboardSocketAuth = z.object({ dashboardToken: z.string().min(1).max(128) });
/** The token's own room: its viewers, and nobody else. */
export const dashboardRoom = (shareId: string) => `dashboard:share:${shareId}`;
/** Signed-in consoles watching a dashboard (event dashboard:watch). */
export const dashboardWatchRoom = (type: DashboardType, dashboardId: string) =>
  `dashboard:${type}:${dashboardId}`;
export const DASHBOARD_SOCKET_EVENTS = {
  /** New points of the dashboard's series. */
  values: 'dashboard:values',
  /** The link was revoked or expired: the page shows the refusal. */
  revoked: 'dashboard:revoked',
  /**
   * A signed-in console's request to hear a dashboard's values ({type, project, dashboardID},
   * acknowledged `{ok: true}` or `{ok: false, code}`); `dashboard:unwatch` with the same body.
   */
  watch: 'dashboard:watch',
  unwatch: 'dashboard:unwatch',
} as const;
export const dashboardWatchRequest = z.strictObject({
  type: z.enum(DASHBOARD_TYPES),
  project: z.string().min(1).max(64),
  dashboardID: z.string().min(1).max(64),
});
export type DashboardWatchRequest = z.infer<typeof dashboardWatchRequest>;
export const dashboardValuesEvent = z.object({
  items: z.array(
    z.object({
      mac: z.string(),
      address: z.string().describe('group address or `modbus:{valueId}`'),
      t: z.number(),
      v: z.number(),
    }),
  ),
});
export type DashboardValuesEvent = z.infer<typeof dashboardValuesEvent>;
export const dashboardRevokedEvent = z.object({
  code: z.enum(['dashboardTokenRevoked', 'dashboardTokenExpired']),
});

/* ------------------------------------------------------------------ paths */

/**
 * Every dashboards call (the 8 of the catalogue first, with its parameter names: {x} and {a}
 * are the project id, {b} and {id} the dashboard id; decision 0032).
 */
export const DASHBOARD_PATHS = {
  create: 'POST /api/chartnx/dashboard/{x}',
  update: 'PUT /api/chartnx/dashboard/{x}/{id}',
  remove: 'DELETE /api/chartnx/dashboard/{x}/{id}',
  list: 'GET /api/chartnx/dashboard/{x}',
  form: 'GET /api/chartnx/form/{a}/{b}',
  token: 'POST /api/chartnx/token',
  bossGet: 'GET /api/bossnx/projects/{id}',
  bossCreate: 'POST /api/bossnx/projects/{id}',
  // Atrium's own
  bossUpdate: 'PUT /api/bossnx/projects/{id}',
  bossData: 'GET /api/bossnx/data/{id}',
  series: 'GET /api/chartnx/series/{projectId}',
  data: 'GET /api/chartnx/data/{projectId}/{dashboardId}',
  preview: 'POST /api/chartnx/data/{projectId}',
  revoke: 'DELETE /api/chartnx/token/{id}',
  shared: 'GET /api/shared/dashboard',
  sharedData: 'GET /api/shared/dashboard/data',
  exportJson: 'GET /api/grafnx/export/{projectId}/{dashboardId}',
  importJson: 'POST /api/grafnx/import/{projectId}',
} as const;

/** Path parameters of the calls. */
export const dashboardProjectParam = z.object({ x: z.string().min(1).max(64) });
export const dashboardItemParam = z.object({
  x: z.string().min(1).max(64),
  id: z.string().min(1).max(64),
});
export const dashboardFormParam = z.object({
  a: z.string().min(1).max(64),
  b: z.string().min(1).max(64),
});
export const projectIdParam = z.object({ projectId: z.string().min(1).max(64) });
export const projectDashboardParam = z.object({
  projectId: z.string().min(1).max(64),
  dashboardId: z.string().min(1).max(64),
});
export const idParam = z.object({ id: z.string().min(1).max(64) });
/** Query of the shared calls: optionally the dashboard the page expects (another: 403). */
export const sharedQuery = dashboardDataQuery.extend({
  dashboardID: z.string().min(1).max(64).optional(),
});
