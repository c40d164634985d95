import type { Insertable } from 'kysely';
import type { AlertKind, NotificationChannel } from '@atrium/contracts/alerts';
import { NOTIFICATION_CHANNELS } from '@atrium/contracts/alerts';
import type { GatewayInfoEvent, GatewayStateEvent, TelegramsEvent } from '@atrium/contracts/hub';
import { modbusMeasurement } from '@atrium/contracts/modbus-measurement';
import type { AlertTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ModbusReadingsEvent } from '../hub/hub-events';
import type { AlertRow, AlertsRepository, MuteRow, RuleSourceRow } from './alerts.repository';
import { band, judge, judgeVoltage, quietUntil } from './alert-rules';
import {
  compileRules,
  openKeyOf,
  watchesModbus,
  type CompiledThreshold,
  type ProjectRules,
} from './rule-index';

export interface EngineTiming {
  /** Every node reloads every project's rules this often (another node's changes). */
  refreshMs: number;
  /** The watchdog's sweep (silent addresses). */
  sweepMs: number;
}

export interface EngineDeps {
  repo: AlertsRepository;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  timing: EngineTiming;
  /** An alert was raised or cleared by this node (the console's live history). */
  onTransition: (row: AlertRow) => void;
  /** Notifications were queued: the outbox may send them now. */
  onQueued: () => void;
  /** The units of a project's Modbus values, by `modbus:{id}` (the Modbus module's). */
  modbusUnits?: (projectId: string) => Promise<ReadonlyMap<string, string>>;
  now?: () => number;
}

/** The fields of an alert that depend on its rule. */
type RuleFields = Pick<
  Insertable<AlertTable>,
  'rule' | 'address' | 'condition' | 'limit_value' | 'unit'
>;

const NO_FIELDS: RuleFields = {
  rule: null,
  address: null,
  condition: null,
  limit_value: null,
  unit: null,
};

/**
 * The alert engine (issue 14): evaluated where data arrives, on the hub's events, from an
 * in-memory index of each project's rules, never by polling the database. A rule raises an
 * alert on entering its alarm state and clears it on leaving it; the database's partial
 * unique index on open alerts makes one node alone raise each alert, and the node that
 * raises (or clears) it queues its notifications.
 */
export class AlertEngine {
  private index = new Map<string, ProjectRules>();
  /** Open alerts, `{project}\0{rule key}`. */
  private readonly open = new Set<string>();
  /** Running mutes by project. */
  private mutes = new Map<string, MuteRow[]>();
  /** Gateways gone offline, waiting for the offline delay. */
  private readonly offline = new Map<string, NodeJS.Timeout>();
  /** Since when each gateway's bus load is above its project's limit. */
  private readonly busSince = new Map<string, number>();
  /** One chain of database work per rule: a clear never overtakes its raise. */
  private readonly chains = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private readonly now: () => number;

  constructor(private readonly d: EngineDeps) {
    this.now = d.now ?? Date.now;
  }

  async start(): Promise<void> {
    await this.reload();
    this.timers = [
      setInterval(
        () => void this.reload().catch((err: unknown) => this.fail(err)),
        this.d.timing.refreshMs,
      ),
      setInterval(() => this.sweep(), this.d.timing.sweepMs),
    ];
    for (const t of this.timers) t.unref();
  }

  /** Stops the timers and waits for the database work under way. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const t of this.offline.values()) clearTimeout(t);
    this.offline.clear();
    await Promise.allSettled([...this.chains.values()]);
  }

  /** Every project's rules, the open alerts and the mutes, from the database. */
  async reload(): Promise<void> {
    const now = this.now();
    const [rows, open, mutes] = await Promise.all([
      this.d.repo.listRuleSources(),
      this.d.repo.openKeys(),
      this.d.repo.activeMutes(now),
    ]);
    const units = await Promise.all(rows.map((row) => this.unitsOf(row)));
    const index = new Map<string, ProjectRules>();
    rows.forEach((row, i) =>
      index.set(row.id, compileRules(row, now, this.index.get(row.id), units[i])),
    );
    this.index = index;
    // Alerts raised or cleared by another node; those in flight here stay as they are.
    const stored = new Set(open.map((o) => openKeyOf(o.project_id, o.rule_key)));
    for (const k of this.open) if (!stored.has(k) && !this.chains.has(k)) this.open.delete(k);
    for (const k of stored) if (!this.chains.has(k)) this.open.add(k);
    this.mutes = groupMutes(mutes);
  }

  /** One project's rules again, after a change made on this node. */
  async reloadProject(projectId: string): Promise<void> {
    const row = await this.d.repo.ruleSource(projectId);
    if (!row) {
      this.index.delete(projectId);
      return;
    }
    const units = await this.unitsOf(row);
    const rules = compileRules(row, this.now(), this.index.get(projectId), units);
    this.index.set(projectId, rules);
    await this.closeOrphans(rules);
  }

  /** Units of the project's Modbus values, asked only of projects with thresholds on them. */
  private async unitsOf(row: RuleSourceRow): Promise<ReadonlyMap<string, string>> {
    if (!this.d.modbusUnits || !watchesModbus(row)) return new Map();
    return this.d.modbusUnits(row.id).catch((err: unknown) => {
      this.d.log.warn({ err, project: row.id }, 'alert engine: Modbus units not read');
      return new Map<string, string>();
    });
  }

  async reloadMutes(projectId: string): Promise<void> {
    const rows = await this.d.repo.activeMutes(this.now(), projectId);
    this.mutes.set(projectId, rows);
  }

  /** Whether the project, or this gateway of it, is muted at `t`. */
  isMuted(projectId: string, mac: string, t: number): boolean {
    return (this.mutes.get(projectId) ?? []).some(
      (m) => m.until > t && (m.mac === null || m.mac === mac),
    );
  }

  /** Open alerts of rules that were removed or disabled are closed without a notification. */
  private async closeOrphans(rules: ProjectRules) {
    const live = new Set<string>();
    for (const byAddress of rules.thresholds.values())
      for (const list of byAddress.values()) for (const r of list) live.add(r.openKey);
    for (const byAddress of rules.stale.values())
      for (const s of byAddress.values()) live.add(s.openKey);
    const prefix = `${rules.id}\0`;
    for (const k of [...this.open]) {
      if (!k.startsWith(prefix) || live.has(k)) continue;
      const key = k.slice(prefix.length);
      const orphan = key.startsWith('threshold:') || key.startsWith('stale:');
      const off =
        (key.startsWith('voltage:') && !rules.voltage) ||
        (key.startsWith('busload:') && !rules.settings.busload.enabled);
      if (!orphan && !off) continue;
      this.open.delete(k);
      this.chain(k, async () => {
        const row = await this.d.repo.clear(rules.id, key, this.now(), null);
        if (row) this.d.onTransition(row);
      });
    }
  }

  // --- what the hub tells ---------------------------------------------------------------

  /** The hot path: a batch of telegrams, looked up by gateway then address. */
  onTelegrams(e: TelegramsEvent): void {
    const p = this.index.get(e.project);
    if (!p) return;
    const thresholds = p.thresholds.get(e.mac);
    const stale = p.stale.get(e.mac);
    if (!thresholds && !stale) return;
    for (const item of e.items) {
      const watch = stale?.get(item.ga);
      if (watch) {
        watch.lastSeen = Math.max(watch.lastSeen, item.t);
        if (this.open.has(watch.openKey)) this.clear(p, e.mac, watch.key, null, item.t);
      }
      const rules = thresholds?.get(item.ga);
      if (!rules) continue;
      const value = typeof item.value === 'boolean' ? (item.value ? 1 : 0) : item.value;
      this.judgeThresholds(p, e.mac, rules, value, item.t);
    }
  }

  /** A batch of Modbus readings: thresholds on `modbus:{value id}` of the gateway. */
  onModbus(e: ModbusReadingsEvent): void {
    const p = this.index.get(e.project);
    const thresholds = p?.thresholds.get(e.mac);
    if (!p || !thresholds) return;
    for (const item of e.items) {
      const rules = thresholds.get(modbusMeasurement(item.value));
      if (rules) this.judgeThresholds(p, e.mac, rules, item.v, item.t);
    }
  }

  /** One value against the thresholds of its address: raised on entering, cleared on leaving. */
  private judgeThresholds(
    p: ProjectRules,
    mac: string,
    rules: CompiledThreshold[],
    value: number,
    t: number,
  ) {
    for (const r of rules) {
      const verdict = judge(r.type, r.limit, value);
      const isOpen = this.open.has(r.openKey);
      if (verdict === 'alarm' && !isOpen) {
        this.raise(p, mac, 'threshold', r.key, value, t, {
          rule: r.name,
          address: r.address,
          condition: r.condition,
          limit_value: r.limit,
          unit: r.unit,
        });
      } else if (verdict === 'clear' && isOpen) {
        this.clear(p, mac, r.key, value, t);
      }
    }
  }

  /** Supply voltage and bus load, every info (5 s). */
  onInfo(e: GatewayInfoEvent): void {
    const p = this.index.get(e.project);
    if (!p) return;
    const now = this.now();
    if (p.voltage && e.volt !== null) this.voltage(p, e.mac, e.volt, now);
    if (p.settings.busload.enabled && e.busload !== null) this.busload(p, e.mac, e.busload, now);
  }

  private voltage(p: ProjectRules, mac: string, volt: number, now: number) {
    const { minimum, maximum } = p.voltage ?? { minimum: null, maximum: null };
    const key = `voltage:${mac}`;
    const verdict = judgeVoltage(minimum, maximum, volt);
    const isOpen = this.open.has(openKeyOf(p.id, key));
    if (verdict === 'alarm' && !isOpen) {
      const low = minimum !== null && volt < minimum;
      this.raise(p, mac, 'voltage', key, volt, now, {
        ...NO_FIELDS,
        condition: low ? `< ${minimum}` : `> ${maximum ?? 0}`,
        limit_value: low ? minimum : maximum,
        unit: 'V',
      });
    } else if (verdict === 'clear' && isOpen) {
      this.clear(p, mac, key, volt, now);
    }
  }

  private busload(p: ProjectRules, mac: string, load: number, now: number) {
    const { percent, minutes } = p.settings.busload;
    const key = `busload:${mac}`;
    const sinceKey = openKeyOf(p.id, mac);
    if (load > percent) {
      const since = this.busSince.get(sinceKey) ?? now;
      this.busSince.set(sinceKey, since);
      if (now - since >= minutes * 60_000 && !this.open.has(openKeyOf(p.id, key))) {
        this.raise(p, mac, 'busload', key, load, now, {
          ...NO_FIELDS,
          condition: `> ${percent}`,
          limit_value: percent,
          unit: '%',
        });
      }
    } else if (load <= percent - band(percent)) {
      this.busSince.delete(sinceKey);
      if (this.open.has(openKeyOf(p.id, key))) this.clear(p, mac, key, load, now);
    }
  }

  /** Offline: an alert once the project's delay has passed; back online: cleared. */
  onState(e: GatewayStateEvent): void {
    const timerKey = openKeyOf(e.project, e.mac);
    const key = `status:${e.mac}`;
    if (e.online) {
      clearTimeout(this.offline.get(timerKey));
      this.offline.delete(timerKey);
      const p = this.index.get(e.project);
      if (this.open.has(openKeyOf(e.project, key)))
        this.clear(p ?? this.bare(e.project), e.mac, key, 1, this.now());
      return;
    }
    if (this.offline.has(timerKey)) return;
    const delay = (this.index.get(e.project)?.settings.offlineDelaySeconds ?? 60) * 1000;
    const since = this.now();
    const timer = setTimeout(() => {
      this.offline.delete(timerKey);
      const p = this.index.get(e.project) ?? this.bare(e.project);
      if (!this.open.has(openKeyOf(e.project, key)))
        this.raise(p, e.mac, 'status', key, 0, since, NO_FIELDS);
    }, delay);
    timer.unref();
    this.offline.set(timerKey, timer);
  }

  /** A project with no rule at all still records its gateways' outages. */
  private bare(projectId: string): ProjectRules {
    return compileRules(
      {
        id: projectId,
        team_id: '',
        logger_thresholds: null,
        voltage_activate: 0,
        voltage_minimum: null,
        voltage_maximum: null,
        notification: null,
        settings: null,
      },
      this.now(),
    );
  }

  /** The watchdog: addresses silent for longer than their period. */
  sweep(): void {
    const now = this.now();
    for (const p of this.index.values()) {
      for (const [mac, byAddress] of p.stale) {
        for (const [address, w] of byAddress) {
          if (now - w.lastSeen < w.minutes * 60_000 || this.open.has(w.openKey)) continue;
          this.raise(p, mac, 'stale', w.key, null, now, {
            ...NO_FIELDS,
            address,
            condition: `${w.minutes} min`,
            limit_value: w.minutes,
            unit: 'min',
          });
        }
      }
    }
  }

  // --- transitions ----------------------------------------------------------------------

  private raise(
    p: ProjectRules,
    mac: string,
    kind: AlertKind,
    key: string,
    value: number | null,
    at: number,
    fields: RuleFields,
  ) {
    const openKey = openKeyOf(p.id, key);
    this.open.add(openKey);
    const muted = this.isMuted(p.id, mac, at);
    const row: Insertable<AlertTable> = {
      id: newId(),
      project_id: p.id,
      mac,
      kind,
      rule_key: key,
      ...fields,
      value,
      raised_at: at,
      cleared_at: null,
      clear_value: null,
      muted: muted ? 1 : 0,
    };
    this.chain(openKey, async () => {
      // Another node raised it first: it notifies. A failed insert may be tried again.
      const raised = await this.d.repo.raise(row).catch((err: unknown) => {
        this.open.delete(openKey);
        throw err;
      });
      if (!raised) return;
      const stored = await this.d.repo.findAlert(row.id);
      if (!stored) return;
      if (!muted) await this.queue(p, stored, 'raised', kind, at);
      this.d.onTransition(stored);
    });
  }

  private clear(p: ProjectRules, mac: string, key: string, value: number | null, at: number) {
    const openKey = openKeyOf(p.id, key);
    if (!this.open.delete(openKey)) return;
    this.chain(openKey, async () => {
      const row = await this.d.repo.clear(p.id, key, at, value);
      if (!row) return;
      if (row.muted === 0 && !this.isMuted(p.id, mac, at))
        await this.queue(p, row, 'cleared', row.kind as AlertKind, at);
      this.d.onTransition(row);
    });
  }

  /** The outbox rows of a transition: one per channel that wants this kind of event. */
  private async queue(
    p: ProjectRules,
    alert: AlertRow,
    transition: 'raised' | 'cleared',
    kind: AlertKind,
    at: number,
  ) {
    const rows = NOTIFICATION_CHANNELS.filter((c) => wants(p, c, kind)).map((channel) => ({
      id: newId(),
      alert_id: alert.id,
      project_id: p.id,
      channel,
      transition,
      status: 'pending',
      attempts: 0,
      next_at: quietUntil(p.notification[channel].quietHours, Math.max(at, this.now())),
      claimed_until: null,
      created_at: this.now(),
      sent_at: null,
      last_error: null,
    }));
    if (rows.length === 0) return;
    await this.d.repo.enqueue(rows);
    this.d.onQueued();
  }

  private chain(key: string, work: () => Promise<void>) {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((err: unknown) => this.fail(err))
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      });
    this.chains.set(key, next);
  }

  private fail(err: unknown) {
    this.d.log.error({ err }, 'alert engine: database work failed');
  }

  /** For tests and the benchmark: rules indexed, open alerts. */
  stats() {
    let thresholds = 0;
    for (const p of this.index.values())
      for (const byAddress of p.thresholds.values())
        for (const list of byAddress.values()) thresholds += list.length;
    return { projects: this.index.size, thresholds, open: this.open.size };
  }

  /** Resolves once the database work queued so far is done. */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.allSettled([...this.chains.values()]);
  }
}

/**
 * Whether a channel sends this kind: status and voltage as their event boxes say; the
 * rules a user wrote (thresholds, watchdog) always, once the channel is on (decision 0018).
 */
function wants(p: ProjectRules, channel: NotificationChannel, kind: AlertKind): boolean {
  const c = p.notification[channel];
  if (!c.enabled) return false;
  if (kind === 'status') return c.events.status;
  if (kind === 'voltage') return c.events.voltage;
  return true;
}

function groupMutes(rows: MuteRow[]): Map<string, MuteRow[]> {
  const map = new Map<string, MuteRow[]>();
  for (const m of rows) map.set(m.project_id, [...(map.get(m.project_id) ?? []), m]);
  return map;
}
