import type { NotificationChannel } from '@atrium/contracts/alerts';
import { VOLTAGE_MEASUREMENT } from '@atrium/contracts/graph';
import type { Notification } from '@atrium/contracts/project';
import { parseNotification } from '../../lib/tenancy/stored-values';
import type { Mailer } from '../mail/mailer';
import type { AlertRow, AlertsRepository, NotificationRow } from './alerts.repository';
import { renderAlert, type AlertText } from './alert-messages';
import { PushoverError, sendPush } from './pushover-client';

export interface OutboxDeps {
  repo: AlertsRepository;
  mailer: Pick<Mailer, 'send'>;
  pushoverUrl: string;
  publicUrl: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Address names of the project's ETS file. */
  addressNames: (projectId: string) => Promise<ReadonlyMap<string, string>>;
  pollMs: number;
  /** First retry's delay (5 s: Pushover asks for no more than one try every 5 seconds). */
  retryBaseMs: number;
  now?: () => number;
}

/** The console's graph of the alert's address (voltage otherwise) on the day it was raised. */
export function graphLink(
  publicUrl: string,
  alert: Pick<AlertRow, 'project_id' | 'address' | 'raised_at'>,
) {
  const query = new URLSearchParams({
    graph: alert.address ?? VOLTAGE_MEASUREMENT,
    at: String(alert.raised_at),
  });
  return `${publicUrl}/projects/${encodeURIComponent(alert.project_id)}?${query.toString()}`;
}

/** A claim lasts this long: a node that died while sending leaves the row to another. */
export const LEASE_MS = 60_000;
/** Tries before giving up on a channel that keeps failing (about an hour of back-off). */
export const MAX_ATTEMPTS = 8;
const BATCH = 50;

/** Back-off before try n+1: base, 3 × base, 9 × base… at most 15 min. */
export const backoffMs = (attempts: number, baseMs: number): number =>
  Math.min(baseMs * 3 ** Math.max(0, attempts - 1), 15 * 60_000);

/** A failure of a channel: `retry` later, or final; `broken` marks the channel. */
interface Failure {
  retry: boolean;
  status: number | null;
  broken: boolean;
  message: string;
}

/**
 * The notification outbox: rows queued in the database by the engine, claimed one at a
 * time (so a row goes out once even with several nodes), sent by e-mail or Pushover, each
 * attempt logged. Woken when the engine queues, and every `pollMs` for retries, rows left
 * by a node that stopped, and the end of quiet hours.
 */
export class AlertOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Aborts the deliveries under way when the server stops. */
  private aborter = new AbortController();
  private readonly now: () => number;

  constructor(private readonly d: OutboxDeps) {
    this.now = d.now ?? Date.now;
  }

  start() {
    this.stopped = false;
    this.aborter = new AbortController();
    this.timer = setInterval(() => this.kick(), this.d.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    // A delivery cut short stays queued: it is tried again after the restart.
    this.aborter.abort();
    await this.running;
  }

  /** Sends what is due now (once more after the current round if one runs). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.d.log.warn({ err }, 'notification outbox round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the current round (if any) is over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    for (;;) {
      const ids = await this.d.repo.dueIds(this.now(), BATCH);
      for (const id of ids) {
        if (this.stopped) return;
        await this.deliver(id);
      }
      if (ids.length < BATCH) return;
    }
  }

  private async deliver(id: string) {
    const n = await this.d.repo.claim(id, this.now(), LEASE_MS);
    if (!n) return; // another node has it
    const [alert, project] = await Promise.all([
      this.d.repo.findAlert(n.alert_id),
      this.d.repo.projectOf(n.project_id),
    ]);
    if (!alert || !project) return this.drop(n, 'alert or project gone');
    const skip = await this.skipReason(n, alert);
    if (skip === 'wait') return this.wait(n);
    if (skip) return this.drop(n, skip);
    const settings = parseNotification(project.notification);
    const channel = n.channel as NotificationChannel;
    if (!settings[channel].enabled) return this.drop(n, 'channel turned off');
    const problem = (await this.d.repo.settingsRow(n.project_id))?.[`${channel}_problem`];
    if (problem)
      return this.fail(n, { retry: false, status: null, broken: false, message: 'channel broken' });
    const text = renderAlert(alert, n.transition as 'raised' | 'cleared', {
      projectName: project.name,
      gatewayName: (await this.d.repo.gatewayNames(n.project_id)).get(alert.mac) ?? null,
      addressName: alert.address
        ? ((await this.d.addressNames(n.project_id).catch(() => new Map<string, string>())).get(
            alert.address,
          ) ?? null)
        : null,
      language: settings.language ?? 'fr',
      link: graphLink(this.d.publicUrl, alert),
    });
    const failure = await this.send(channel, settings, text, alert);
    if (!failure) {
      await this.d.repo.settle(n.id, { status: 'sent' }, this.now());
      await this.attempt(n, 'sent', null, null);
      this.d.log.info({ notification: n.id, channel }, 'alert notification sent');
      return;
    }
    await this.fail(n, failure);
  }

  /**
   * Why a notification no longer goes: a raise deferred by quiet hours whose alert cleared
   * meanwhile; a clear whose raise was never sent. `wait` while the raise is still on its way
   * (a reason of its own, not a drop).
   */
  private async skipReason(n: NotificationRow, alert: AlertRow): Promise<string | null> {
    if (n.transition === 'raised') {
      const deferred = n.next_at > n.created_at + 1_000;
      return deferred && alert.cleared_at !== null ? 'cleared during quiet hours' : null;
    }
    const raised = await this.d.repo.sibling(n, 'raised');
    if (!raised || raised.status === 'dropped' || raised.status === 'failed')
      return 'its raise was not sent';
    return raised.status === 'sent' ? null : 'wait';
  }

  private async send(
    channel: NotificationChannel,
    settings: Notification,
    text: AlertText,
    alert: AlertRow,
  ): Promise<Failure | null> {
    try {
      if (channel === 'email') {
        const to = settings.email.options.mails.filter((m) => m !== '').join(', ');
        await this.d.mailer.send({ to, subject: text.subject, text: text.text, html: text.html });
      } else {
        await sendPush(
          this.d.pushoverUrl,
          {
            token: settings.pushover.options.token,
            user: settings.pushover.options.user,
            title: text.title,
            message: text.message,
            url: text.link,
            urlTitle: text.linkTitle,
            timestamp: alert.cleared_at ?? alert.raised_at,
          },
          this.aborter.signal,
        );
      }
      return null;
    } catch (err) {
      if (err instanceof PushoverError)
        return { retry: err.retry, status: err.status, broken: err.broken, message: err.message };
      return { retry: true, status: null, broken: false, message: (err as Error).message };
    }
  }

  private async fail(n: NotificationRow, f: Failure) {
    const final = !f.retry || n.attempts >= MAX_ATTEMPTS;
    await this.attempt(n, final ? 'failed' : 'retry', f.status, f.message);
    if (f.broken) {
      await this.d.repo.setProblem(
        n.project_id,
        n.channel as NotificationChannel,
        JSON.stringify({ at: this.now(), reason: f.message }),
      );
    }
    await this.d.repo.settle(
      n.id,
      final
        ? { status: 'failed', error: f.message }
        : {
            status: 'pending',
            next_at: this.now() + backoffMs(n.attempts, this.d.retryBaseMs),
            error: f.message,
          },
      this.now(),
    );
    this.d.log.warn(
      { notification: n.id, channel: n.channel, status: f.status, final },
      `alert notification not sent: ${f.message}`,
    );
  }

  private async drop(n: NotificationRow, reason: string) {
    await this.d.repo.settle(n.id, { status: 'dropped', error: reason }, this.now());
    await this.attempt(n, 'dropped', null, reason);
  }

  /** Back to pending shortly (its raise is still being sent); not counted as a try. */
  private async wait(n: NotificationRow) {
    await this.d.repo.settle(n.id, { status: 'pending', next_at: this.now() + 5_000 }, this.now());
  }

  private async attempt(
    n: NotificationRow,
    outcome: string,
    status: number | null,
    detail: string | null,
  ) {
    await this.d.repo.logAttempt({
      notification_id: n.id,
      at: this.now(),
      outcome,
      http_status: status,
      detail,
    });
  }
}
