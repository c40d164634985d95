import {
  DASHBOARD_LIMITS,
  DASHBOARD_EXPORT_FORMAT,
  DASHBOARD_TOKEN_PATTERN,
  SHARE_BUCKET_MS,
  dashboardForm,
  rangeBounds,
  seriesRefKey,
  sharedDashboardUrl,
  type BossDashboard,
  type BossDataReply,
  type ChartDashboard,
  type DashboardDataReply,
  type DashboardExport,
  type DashboardForm,
  type DashboardImportBody,
  type DashboardListReply,
  type DashboardSeriesItem,
  type DashboardType,
  type SeriesRef,
  type SharedDashboardReply,
  type ShareItem,
  type TokenBody,
  type TokenReply,
  type BossUpdateBody,
} from '@atrium/contracts/dashboards';
import { parseMac } from '@atrium/contracts/gateway';
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ProjectTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId, sha256 } from '../../lib/ids';
import { parisDayStart } from '../../lib/paris-time';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { Scope } from '../../permissions';
import {
  dailyTotals,
  dashboardData,
  parisMonthStart,
  projectCatalogue,
  requireSeries,
  seriesList,
  type CatalogueEntry,
  type CatalogueSources,
} from './dashboard-data';
import type {
  BossDashboardRow,
  ChartDashboardRow,
  DashboardsRepository,
  ShareRow,
} from './dashboards.repository';

type Project = Selectable<ProjectTable>;

/** What a shared viewer's token opened: one dashboard of one project. */
export interface ResolvedShare {
  share: ShareRow;
  project: Project;
}

/** The socket side (the realtime module): tells viewers of revoked links, drops their sockets. */
export interface DashboardsLive {
  revokeShares(
    ids: readonly string[],
    code: 'dashboardTokenRevoked' | 'dashboardTokenExpired',
  ): void;
}

export interface DashboardsDeps {
  repo: DashboardsRepository;
  access: Pick<ProjectAccess, 'requireProject'>;
  sources: CatalogueSources;
  store: Parameters<typeof dashboardData>[3]['store'];
  gateways: (
    projectId: string,
  ) => Promise<readonly { mac: string; name: string; online: number }[]>;
  /** Partner e-mail domains (lowercase): dashboards without licences. */
  partnerDomains: readonly string[];
  now?: () => number;
}

const DAY = 86_400_000;
const ALERTS_SHOWN = 50;
/** How long a project's share list (for live values) is kept before being read again. */
const SHARES_TTL_MS = 5_000;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const shareItem = (s: ShareRow): ShareItem => ({
  _id: s.id,
  type: s.type as DashboardType,
  dashboardID: s.dashboard_id,
  createdAt: Number(s.created_at),
  expiresAt: s.expires_at === null ? null : Number(s.expires_at),
  createdBy: s.created_by,
});

const notFoundDashboard = () => new AppError('dashboardNotFound', 'No such dashboard');

/**
 * Chart dashboards, the boss dashboard, share links and the grafnx export/import (issue 20,
 * decisions 0032 and 0033).
 */
export class DashboardsService {
  private readonly now: () => number;
  private readonly sharesCache = new Map<
    string,
    { at: number; list: Promise<DashboardTargets[]> }
  >();
  private live: DashboardsLive | undefined;

  constructor(private readonly d: DashboardsDeps) {
    this.now = d.now ?? Date.now;
  }

  /** The realtime module, once built. */
  useLive(live: DashboardsLive) {
    this.live = live;
  }

  /** Administrators and partner-domain users: any number of dashboards, no licence needed. */
  privileged(user: SessionUser): boolean {
    if (user.rank === 'admin') return true;
    const domain = user.email.toLowerCase().split('@')[1] ?? '';
    return this.d.partnerDomains.includes(domain);
  }

  private project(user: SessionUser, id: string, need: Scope['need']): Promise<Project> {
    return this.d.access.requireProject(user, id, need);
  }

  private catalogue(projectId: string) {
    return projectCatalogue(projectId, this.d.sources, this.d.repo);
  }

  private async shares(projectId: string, ids: string[]) {
    const rows = await this.d.repo.liveShares(projectId, ids);
    const now = this.now();
    return rows.filter((s) => s.expires_at === null || Number(s.expires_at) > now);
  }

  private async chartOf(row: ChartDashboardRow, shares?: ShareRow[]): Promise<ChartDashboard> {
    const list = shares ?? (await this.shares(row.project_id, [row.id]));
    return {
      _id: row.id,
      projectId: row.project_id,
      name: row.name,
      form: formOf(row),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      shares: list.filter((s) => s.dashboard_id === row.id).map(shareItem),
    };
  }

  /** The refs of a form, checked against the project's catalogue and stored normalized. */
  private async checkedForm(projectId: string, form: DashboardForm): Promise<DashboardForm> {
    const catalogue = await this.catalogue(projectId);
    // Every widget's refs at once: the error lists all the series the project does not record.
    requireSeries(
      form.widgets.flatMap((w) => w.series),
      catalogue,
    );
    return {
      ...form,
      widgets: form.widgets.map((w) => ({ ...w, series: requireSeries(w.series, catalogue) })),
    };
  }

  // chart dashboards

  /** GET /api/chartnx/dashboard/{x}. */
  async list(user: SessionUser, projectId: string): Promise<DashboardListReply> {
    const project = await this.project(user, projectId, 'read');
    const rows = await this.d.repo.listCharts(projectId);
    const shares = await this.shares(
      projectId,
      rows.map((r) => r.id),
    );
    const limit = this.privileged(user) ? null : Number(project.licence_chartnx);
    const role = await this.project(user, projectId, 'edit').then(
      () => true,
      () => false,
    );
    return {
      dashboards: await Promise.all(rows.map((r) => this.chartOf(r, shares))),
      limit,
      canCreate: role && (limit === null || rows.length < limit),
    };
  }

  /** GET /api/chartnx/form/{a}/{b}. */
  async form(user: SessionUser, projectId: string, id: string) {
    await this.project(user, projectId, 'read');
    const row = await this.d.repo.findChart(projectId, id);
    if (!row) throw notFoundDashboard();
    return { _id: row.id, name: row.name, form: formOf(row) };
  }

  /** POST /api/chartnx/dashboard/{x}: 409 chartnxLimit once the project has its licences' count. */
  async create(user: SessionUser, projectId: string, body: { name: string; form: DashboardForm }) {
    const project = await this.project(user, projectId, 'edit');
    const form = await this.checkedForm(projectId, body.form);
    const now = this.now();
    const row = {
      id: newId(),
      project_id: projectId,
      name: body.name,
      form: JSON.stringify(form),
      created_by: user.email,
      created_at: now,
      updated_at: now,
    };
    const limit = this.privileged(user) ? null : Number(project.licence_chartnx);
    if (!(await this.d.repo.insertChart(row, limit))) {
      throw new AppError(
        'chartnxLimit',
        `This project may have ${limit} chart dashboard(s): add a chartnx licence`,
        { limit },
      );
    }
    this.forget(projectId);
    return { dashboard: await this.chartOf(row, []) };
  }

  /** PUT /api/chartnx/dashboard/{x}/{id}. */
  async update(
    user: SessionUser,
    projectId: string,
    id: string,
    body: { name: string; form: DashboardForm },
  ) {
    await this.project(user, projectId, 'edit');
    const form = await this.checkedForm(projectId, body.form);
    const ok = await this.d.repo.updateChart(projectId, id, {
      name: body.name,
      form: JSON.stringify(form),
      updated_at: this.now(),
    });
    if (!ok) throw notFoundDashboard();
    this.forget(projectId);
    const row = await this.d.repo.findChart(projectId, id);
    if (!row) throw notFoundDashboard();
    return { dashboard: await this.chartOf(row) };
  }

  /** DELETE /api/chartnx/dashboard/{x}/{id}: its links die with it (their viewers are told). */
  async remove(user: SessionUser, projectId: string, id: string) {
    await this.project(user, projectId, 'edit');
    const shares = await this.d.repo.deleteChart(projectId, id);
    if (!shares) throw notFoundDashboard();
    this.forget(projectId);
    if (shares.length) this.live?.revokeShares(shares, 'dashboardTokenRevoked');
    return { _id: id, deleted: true as const };
  }

  /** GET /api/chartnx/series/{projectId}: the series a widget may read. */
  async series(user: SessionUser, projectId: string): Promise<{ series: DashboardSeriesItem[] }> {
    await this.project(user, projectId, 'read');
    return { series: await seriesList(await this.catalogue(projectId), this.d.repo, this.now()) };
  }

  /** GET /api/chartnx/data/{projectId}/{dashboardId}. */
  async data(
    user: SessionUser,
    projectId: string,
    id: string,
    period: { start?: number | undefined; stop?: number | undefined },
  ): Promise<DashboardDataReply> {
    await this.project(user, projectId, 'read');
    const row = await this.d.repo.findChart(projectId, id);
    if (!row) throw notFoundDashboard();
    return this.formData(projectId, formOf(row), period);
  }

  /** POST /api/chartnx/data/{projectId}: the generator's preview of an unsaved form. */
  async preview(user: SessionUser, projectId: string, form: DashboardForm) {
    await this.project(user, projectId, 'read');
    const checked = await this.checkedForm(projectId, form);
    return this.formData(projectId, checked, {});
  }

  private async formData(
    projectId: string,
    form: DashboardForm,
    period: { start?: number | undefined; stop?: number | undefined },
  ): Promise<DashboardDataReply> {
    const own = rangeBounds(form.range, this.now());
    const range = { start: period.start ?? own.start, stop: period.stop ?? own.stop };
    if (!(range.stop > range.start) || range.stop - range.start > DASHBOARD_LIMITS.customRangeMaxMs)
      throw new AppError('invalidRange', 'The period must end after it starts, within 2 years');
    const catalogue = await this.catalogue(projectId);
    const widgets = await dashboardData(form.widgets, catalogue, range, {
      store: this.d.store,
      repo: this.d.repo,
    });
    return { ...range, widgets };
  }

  // boss dashboard

  /** The roles table: partner domain, admin, or the project's bossnx licence equal to 1. */
  private requireBoss(user: SessionUser | null, project: Project) {
    if (user && this.privileged(user)) return;
    if (Number(project.licence_bossnx) === 1) return;
    throw new AppError('bossnxNotLicensed', 'The boss dashboard needs the bossnx licence');
  }

  private async bossOf(row: BossDashboardRow): Promise<BossDashboard> {
    const shares = await this.shares(row.project_id, [row.id]);
    return {
      _id: row.id,
      projectId: row.project_id,
      projectName: row.project_name,
      keyValues: parseJson<SeriesRef[]>(row.key_values, []),
      energy: parseJson<SeriesRef[]>(row.energy, []),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      shares: shares.map(shareItem),
    };
  }

  /** GET /api/bossnx/projects/{id}: 404 dashboardNotFound when none exists. */
  async boss(user: SessionUser, projectId: string) {
    const project = await this.project(user, projectId, 'read');
    this.requireBoss(user, project);
    const row = await this.d.repo.findBoss(projectId);
    if (!row) throw notFoundDashboard();
    return { dashboard: await this.bossOf(row) };
  }

  /** POST /api/bossnx/projects/{id} {projectName}: creates it, or answers the existing one. */
  async createBoss(user: SessionUser, projectId: string, projectName: string) {
    const project = await this.project(user, projectId, 'edit');
    this.requireBoss(user, project);
    const now = this.now();
    const id = newId();
    await this.d.repo.insertBoss({
      project_id: projectId,
      id,
      project_name: projectName,
      key_values: '[]',
      energy: '[]',
      created_at: now,
      updated_at: now,
    });
    const row = await this.d.repo.findBoss(projectId);
    if (!row) throw notFoundDashboard();
    this.forget(projectId);
    return { created: row.id === id, reply: { dashboard: await this.bossOf(row) } };
  }

  /** PUT /api/bossnx/projects/{id}: the installer's key values and energy counters. */
  async updateBoss(user: SessionUser, projectId: string, body: BossUpdateBody) {
    const project = await this.project(user, projectId, 'edit');
    this.requireBoss(user, project);
    if (!(await this.d.repo.findBoss(projectId))) throw notFoundDashboard();
    const catalogue = await this.catalogue(projectId);
    const keyValues = requireSeries(body.keyValues, catalogue);
    const energy = requireSeries(body.energy, catalogue);
    await this.d.repo.updateBoss(projectId, {
      ...(body.projectName ? { project_name: body.projectName } : {}),
      key_values: JSON.stringify(keyValues),
      energy: JSON.stringify(energy),
      updated_at: this.now(),
    });
    this.forget(projectId);
    return this.boss(user, projectId);
  }

  /** GET /api/bossnx/data/{id}. */
  async bossData(user: SessionUser, projectId: string): Promise<BossDataReply> {
    const project = await this.project(user, projectId, 'read');
    this.requireBoss(user, project);
    const row = await this.d.repo.findBoss(projectId);
    if (!row) throw notFoundDashboard();
    return this.bossSummary(row);
  }

  private async bossSummary(row: BossDashboardRow): Promise<BossDataReply> {
    const now = this.now();
    const projectId = row.project_id;
    const keyValues = parseJson<SeriesRef[]>(row.key_values, []);
    const energy = parseJson<SeriesRef[]>(row.energy, []);
    const [gateways, alerts, count, catalogue] = await Promise.all([
      this.d.gateways(projectId),
      this.d.repo.alertsSince(projectId, now - DAY, ALERTS_SHOWN),
      this.d.repo.countAlertsSince(projectId, now - DAY),
      this.catalogue(projectId),
    ]);
    const entries = keyValues.map((r) => catalogue.get(seriesRefKey(r)));
    const ids = entries.flatMap((e) => (e?.seriesId === undefined ? [] : [e.seriesId]));
    const last = await this.d.repo.lastPoints(ids, now);
    return {
      at: now,
      gateways: {
        online: gateways.filter((g) => g.online === 1).length,
        total: gateways.length,
        list: gateways.map((g) => ({ mac: g.mac, name: g.name, online: g.online === 1 })),
      },
      alerts: {
        count,
        items: alerts.map((a) => ({
          _id: a.id,
          kind: a.kind,
          mac: a.mac,
          message: alertText(a),
          at: Number(a.raised_at),
          active: a.cleared_at === null,
        })),
      },
      keyValues: keyValues.map((r, i) => {
        const e = entries[i];
        return {
          mac: r.mac,
          address: e?.address ?? seriesRefKey(r),
          name: e?.name ?? seriesRefKey(r),
          unit: e?.unit ?? '',
          isBool: e?.isBool ?? false,
          points: [],
          last: e?.seriesId === undefined ? null : (last.get(e.seriesId) ?? null),
        };
      }),
      energy: await this.energy(energy, catalogue, now),
    };
  }

  /** Rises of the energy counters since today's and this month's start (Paris), added up. */
  private async energy(
    refs: readonly SeriesRef[],
    catalogue: ReadonlyMap<string, CatalogueEntry>,
    now: number,
  ) {
    const entries = refs.flatMap((r) => {
      const e = catalogue.get(seriesRefKey(r));
      return e ? [e] : [];
    });
    const unit = entries[0]?.unit || 'kWh';
    const ids = entries.flatMap((e) => (e.seriesId === undefined ? [] : [e.seriesId]));
    if (!ids.length) return { unit, today: null, month: null };
    const today = parisDayStart(now);
    const month = parisMonthStart(now);
    // From the day before the month: the month's first day needs the day before's index.
    const rows = await this.d.repo.dayRollups(ids, month - 2 * DAY, now + 1);
    let sumToday: number | null = null;
    let sumMonth: number | null = null;
    for (const id of ids) {
      const days = dailyTotals(
        rows.filter((r) => r.series === id),
        'counter',
      );
      for (const d of days) {
        if (d.x >= month) sumMonth = (sumMonth ?? 0) + d.y;
        if (d.x >= today) sumToday = (sumToday ?? 0) + d.y;
      }
    }
    return { unit, today: sumToday, month: sumMonth };
  }

  // share links

  /** POST /api/chartnx/token: a link to one dashboard of one project, shown once. */
  async createToken(user: SessionUser, body: Required<TokenBody>): Promise<TokenReply> {
    const project = await this.project(user, body.project, 'edit');
    if (body.type === 'chartnx') {
      if (!(await this.d.repo.findChart(project.id, body.dashboardID))) throw notFoundDashboard();
    } else {
      this.requireBoss(user, project);
      const boss = await this.d.repo.findBoss(project.id);
      if (!boss || boss.id !== body.dashboardID) throw notFoundDashboard();
    }
    const now = this.now();
    if (
      (await this.d.repo.countLiveShares(body.dashboardID, now)) >=
      DASHBOARD_LIMITS.sharesPerDashboardMax
    )
      throw new AppError('rateLimited', 'Too many live links on this dashboard: revoke one');
    const token = `atd_${randomBytes(32).toString('base64url')}`;
    const life = SHARE_BUCKET_MS[body.bucket];
    const row = {
      id: newId(),
      token_hash: sha256(token),
      type: body.type,
      project_id: project.id,
      dashboard_id: body.dashboardID,
      created_by: user.email,
      created_at: now,
      expires_at: life === null ? null : now + life,
      revoked_at: null,
    };
    await this.d.repo.insertShare(row);
    this.forget(project.id);
    return { token, url: sharedDashboardUrl(token), share: shareItem(row) };
  }

  /** DELETE /api/chartnx/token/{id}: owners of the link's project only. */
  async revokeToken(user: SessionUser, id: string) {
    const share = await this.d.repo.findShare(id);
    if (!share) throw new AppError('notFound', 'No such link');
    await this.project(user, share.project_id, 'edit');
    await this.d.repo.revokeShare(id, this.now());
    this.forget(share.project_id);
    this.live?.revokeShares([id], 'dashboardTokenRevoked');
    return { _id: id, revoked: true as const };
  }

  /**
   * The share a token opens: 403 dashboardTokenInvalid for an unknown token (or one of
   * another dashboard than `dashboardID`), dashboardTokenRevoked, dashboardTokenExpired.
   */
  async resolveToken(token: string | undefined, dashboardID?: string): Promise<ResolvedShare> {
    const invalid = () => new AppError('dashboardTokenInvalid', 'This link is not valid');
    if (!token || !DASHBOARD_TOKEN_PATTERN.test(token)) throw invalid();
    const share = await this.d.repo.findShareByHash(sha256(token));
    if (!share) throw invalid();
    if (share.revoked_at !== null)
      throw new AppError('dashboardTokenRevoked', 'This link was revoked');
    if (share.expires_at !== null && Number(share.expires_at) <= this.now())
      throw new AppError('dashboardTokenExpired', 'This link has expired');
    if (dashboardID !== undefined && dashboardID !== share.dashboard_id) throw invalid();
    const project = await this.d.repo.findProject(share.project_id);
    if (!project) throw invalid();
    return { share, project };
  }

  /** GET /api/shared/dashboard. */
  async shared(token: string | undefined, dashboardID?: string): Promise<SharedDashboardReply> {
    const { share, project } = await this.resolveToken(token, dashboardID);
    const expiresAt = share.expires_at === null ? null : Number(share.expires_at);
    if (share.type === 'bossnx') {
      const boss = await this.d.repo.findBoss(project.id);
      if (!boss || boss.id !== share.dashboard_id)
        throw new AppError('dashboardTokenInvalid', 'This link is not valid');
      this.requireBoss(null, project);
      return {
        type: 'bossnx',
        projectName: project.name,
        expiresAt,
        dashboard: { _id: boss.id, projectName: boss.project_name },
      };
    }
    const row = await this.d.repo.findChart(project.id, share.dashboard_id);
    if (!row) throw new AppError('dashboardTokenInvalid', 'This link is not valid');
    return {
      type: 'chartnx',
      projectName: project.name,
      expiresAt,
      dashboard: { _id: row.id, name: row.name, form: formOf(row) },
    };
  }

  /** GET /api/shared/dashboard/data: the chart data or the boss summary. */
  async sharedData(
    token: string | undefined,
    q: { start?: number | undefined; stop?: number | undefined; dashboardID?: string | undefined },
  ): Promise<DashboardDataReply | BossDataReply> {
    const { share, project } = await this.resolveToken(token, q.dashboardID);
    if (share.type === 'bossnx') {
      this.requireBoss(null, project);
      const boss = await this.d.repo.findBoss(project.id);
      if (!boss || boss.id !== share.dashboard_id)
        throw new AppError('dashboardTokenInvalid', 'This link is not valid');
      return this.bossSummary(boss);
    }
    const row = await this.d.repo.findChart(project.id, share.dashboard_id);
    if (!row) throw new AppError('dashboardTokenInvalid', 'This link is not valid');
    return this.formData(project.id, formOf(row), { start: q.start, stop: q.stop });
  }

  // live values

  /**
   * The project's dashboards that have series, each with the keys (`{mac}|{address}`) its
   * viewers may hear and its live links: read again after SHARES_TTL_MS, or at once after a
   * change on this node.
   */
  targetsOfProject(projectId: string): Promise<DashboardTargets[]> {
    const now = this.now();
    const hit = this.sharesCache.get(projectId);
    if (hit && now - hit.at < SHARES_TTL_MS) return hit.list;
    const list = this.loadTargets(projectId).catch((err: unknown) => {
      this.sharesCache.delete(projectId);
      throw err;
    });
    if (this.sharesCache.size > 10_000) this.sharesCache.clear();
    this.sharesCache.set(projectId, { at: now, list });
    return list;
  }

  /** A signed-in console may watch a dashboard it may read (the same rules as its calls). */
  async canWatch(user: SessionUser, type: DashboardType, projectId: string, id: string) {
    const project = await this.project(user, projectId, 'read');
    if (type === 'bossnx') {
      this.requireBoss(user, project);
      const boss = await this.d.repo.findBoss(projectId);
      if (!boss || boss.id !== id) throw notFoundDashboard();
    } else if (!(await this.d.repo.findChart(projectId, id))) throw notFoundDashboard();
  }

  private async loadTargets(projectId: string): Promise<DashboardTargets[]> {
    const now = this.now();
    const [charts, boss, shares] = await Promise.all([
      this.d.repo.listCharts(projectId),
      this.d.repo.findBoss(projectId),
      this.d.repo.liveShares(projectId),
    ]);
    const live = shares.filter((s) => s.expires_at === null || Number(s.expires_at) > now);
    const target = (type: DashboardType, id: string, refs: SeriesRef[]): DashboardTargets => ({
      type,
      dashboardId: id,
      keys: new Set(refs.map(seriesRefKey)),
      shareIds: live.filter((s) => s.type === type && s.dashboard_id === id).map((s) => s.id),
    });
    const out = charts.map((c) => target('chartnx', c.id, chartRefs(c)));
    if (boss) out.push(target('bossnx', boss.id, bossRefs(boss)));
    return out.filter((t) => t.keys.size > 0);
  }

  /** Forgets the cached share list of a project (a link or a dashboard changed). */
  forget(projectId: string) {
    this.sharesCache.delete(projectId);
  }

  // grafnx (decision 0033)

  /** GET /api/grafnx/export/{projectId}/{dashboardId}: the dashboard as portable JSON. */
  async exportJson(user: SessionUser, projectId: string, id: string): Promise<DashboardExport> {
    await this.project(user, projectId, 'read');
    const row = await this.d.repo.findChart(projectId, id);
    if (!row) throw notFoundDashboard();
    return { format: DASHBOARD_EXPORT_FORMAT, version: 1, name: row.name, form: formOf(row) };
  }

  /**
   * POST /api/grafnx/import/{projectId}: a new dashboard from an export, its gateways mapped
   * onto the project's (the body's map; else same MAC; else the project's only gateway).
   */
  async importJson(user: SessionUser, projectId: string, body: DashboardImportBody) {
    await this.project(user, projectId, 'edit');
    const gateways = await this.d.gateways(projectId);
    const macs = new Set(gateways.map((g) => g.mac));
    const map = new Map(
      Object.entries(body.gateways ?? {}).map(([from, to]) => [parseMac(from) ?? from, to]),
    );
    const only = gateways.length === 1 ? gateways[0]!.mac : undefined;
    const moved = (mac: string) => map.get(mac) ?? (macs.has(mac) ? mac : (only ?? mac));
    const form = dashboardForm.parse({
      ...body.dashboard.form,
      widgets: body.dashboard.form.widgets.map((w) => ({
        ...w,
        series: w.series.map((s) => ({ ...s, mac: moved(s.mac) })),
      })),
    });
    return this.create(user, projectId, { name: body.name ?? body.dashboard.name, form });
  }
}

/** A dashboard, the series keys its viewers hear, and its live links. */
export interface DashboardTargets {
  type: DashboardType;
  dashboardId: string;
  keys: ReadonlySet<string>;
  shareIds: readonly string[];
}

function formOf(row: ChartDashboardRow): DashboardForm {
  const parsed = dashboardForm.safeParse(parseJson<unknown>(row.form, null));
  return parsed.success ? parsed.data : { range: { kind: '24h' }, widgets: [] };
}

const chartRefs = (row: ChartDashboardRow) => formOf(row).widgets.flatMap((w) => w.series);
const bossRefs = (row: BossDashboardRow) => [
  ...parseJson<SeriesRef[]>(row.key_values, []),
  ...parseJson<SeriesRef[]>(row.energy, []),
];

/** A short text of an alert for the boss dashboard: its kind, where, and the value. */
function alertText(a: {
  kind: string;
  address: string | null;
  condition: string | null;
  limit_value: number | null;
  unit: string | null;
  value: number | null;
}): string {
  const unit = a.unit ? ` ${a.unit}` : '';
  const where = a.address ? ` ${a.address}` : '';
  const value = a.value === null ? '' : `: ${a.value}${unit}`;
  const limit =
    a.condition && a.limit_value !== null ? ` (${a.condition} ${a.limit_value}${unit})` : '';
  return `${a.kind}${where}${value}${limit}`;
}
