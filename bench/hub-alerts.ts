/**
 * The alert half of the hub benchmark (issue 14): a stand-in for Pushover's message API that
 * records when each push arrives, and the alerts' latencies read back from the server's
 * database. An alert's `raised_at` is the `t` of the telegram that crossed the threshold, set
 * by the simulated gateway when it made and sent it (the engine keeps it as it is): telegram →
 * outbox is the pushover notification's `created_at` minus it, telegram → push the push's
 * arrival here minus it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { FIRE_ABOVE, FIRING_PREFIX } from './hub-rules';

export interface Push {
  /** Arrival (epoch ms): the request's headers read. */
  at: number;
  title: string;
  message: string;
}

/**
 * An HTTP server answering every POST as Pushover's API does when it takes a message
 * (200 `{"status":1,"request":"…"}`), recording it.
 */
export async function startPushoverStandIn() {
  const pushes: Push[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    const at = Date.now();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      pushes.push({ at, title: form.get('title') ?? '', message: form.get('message') ?? '' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 1, request: `bench-${++requests}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/1/messages.json`,
    pushes,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface AlertFigures {
  /** Threshold alerts raised within the steady window, and by how many rules. */
  alerts: number;
  rules: number;
  /** Most alerts one rule raised within the window. */
  maxPerRule: number;
  /** Pushes the stand-in received during the whole run: raises, clears. */
  pushes: number;
  raisedPushes: number;
  clearedPushes: number;
  /** Telegram → pushover notification queued (ms). */
  outboxP50: number;
  outboxP99: number;
  /** Telegram → push received (ms); an alert with no push counts as infinitely late. */
  pushP50: number;
  pushP99: number;
  pushMax: number;
  /** Alerts of the window without a push once the wait is over. */
  missing: number;
  /** Sanity: alerts of a rule that should not fire, alerts open at once for one rule, pushes matched to an alert of another value. */
  unexpected: number;
  overlapping: number;
  mismatched: number;
  /** The first few overlapping alerts, for the log. */
  overlaps: string[];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

const RAISED_TITLE = 'Threshold crossed';
const CLEARED_TITLE = 'Back to normal';

function groupBy<T>(xs: T[], key: (x: T) => string) {
  const map = new Map<string, T[]>();
  for (const x of xs) map.set(key(x), [...(map.get(key(x)) ?? []), x]);
  return map;
}

/**
 * The latencies of the threshold alerts raised in [from, to], from the server's database
 * (the same DATA_DIR / DATABASE_URL as the server). Waits up to `graceMs` for their pushes.
 * A rule's pushes arrive in the order of its alerts (one open at a time, queued in order): the
 * k-th raise push of a rule is its k-th alert, checked against the value the push shows.
 */
export async function alertFigures(
  dataDir: string,
  pushes: Push[],
  window: { from: number; to: number },
  graceMs = 10_000,
): Promise<AlertFigures> {
  const { database } = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const db = openDatabase(database);
  try {
    const deadline = Date.now() + graceMs;
    for (;;) {
      const alerts = await db
        .selectFrom('alerts')
        .select(['id', 'rule', 'value', 'raised_at', 'cleared_at'])
        .where('kind', '=', 'threshold')
        .orderBy('raised_at')
        .execute();
      const queued = await db
        .selectFrom('alert_notifications')
        .select(['alert_id', 'created_at'])
        .where('channel', '=', 'pushover')
        .where('transition', '=', 'raised')
        .execute();
      const figures = summarize(alerts, queued, pushes, window);
      if (figures.missing === 0 || Date.now() >= deadline) return figures;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await db.destroy();
  }
}

interface AlertRow {
  id: string;
  rule: string | null;
  value: number | null;
  raised_at: number;
  cleared_at: number | null;
}

function summarize(
  alerts: AlertRow[],
  queued: { alert_id: string; created_at: number }[],
  pushes: Push[],
  window: { from: number; to: number },
): AlertFigures {
  const raised = pushes.filter((p) => p.title.endsWith(RAISED_TITLE));
  const pushesByRule = groupBy(raised, (p) => p.message.split('\n')[0] ?? '');
  const queuedAt = new Map(queued.map((q) => [q.alert_id, q.created_at]));
  const outbox: number[] = [];
  const push: number[] = [];
  let [missing, mismatched, overlapping, maxPerRule, inWindow] = [0, 0, 0, 0, 0];
  const overlaps: string[] = [];
  const byRule = groupBy(alerts, (a) => a.rule ?? '');
  for (const [rule, list] of byRule) {
    const received = pushesByRule.get(rule) ?? [];
    let counted = 0;
    list.forEach((a, k) => {
      const previous = list[k - 1];
      if (previous && (previous.cleared_at === null || previous.cleared_at > a.raised_at)) {
        overlapping++;
        if (overlaps.length < 5)
          overlaps.push(
            `${rule}: ${previous.value} raised ${previous.raised_at}, cleared ${previous.cleared_at ?? 'never'}; ${a.value} raised ${a.raised_at}`,
          );
      }
      if (a.raised_at < window.from || a.raised_at > window.to) return;
      counted++;
      const q = queuedAt.get(a.id);
      if (q !== undefined) outbox.push(q - a.raised_at);
      const p = received[k];
      if (!p) {
        missing++;
        push.push(Infinity);
        return;
      }
      const shown = /\nValue: (-?[\d.,]+)/.exec(p.message)?.[1]?.replace(/,/g, '');
      if (Number(shown) !== a.value) mismatched++;
      push.push(p.at - a.raised_at);
    });
    maxPerRule = Math.max(maxPerRule, counted);
    inWindow += counted;
  }
  return {
    alerts: inWindow,
    rules: [...byRule.values()].filter((list) =>
      list.some((a) => a.raised_at >= window.from && a.raised_at <= window.to),
    ).length,
    maxPerRule,
    pushes: pushes.length,
    raisedPushes: raised.length,
    clearedPushes: pushes.filter((p) => p.title.endsWith(CLEARED_TITLE)).length,
    outboxP50: quantile(outbox, 0.5),
    outboxP99: quantile(outbox, 0.99),
    pushP50: quantile(push, 0.5),
    pushP99: quantile(push, 0.99),
    pushMax: push.length ? Math.max(...push) : NaN,
    missing,
    unexpected: alerts.filter(
      (a) => !(a.rule ?? '').startsWith(FIRING_PREFIX) || (a.value ?? 0) <= FIRE_ABOVE,
    ).length,
    overlapping,
    mismatched,
    overlaps,
  };
}
