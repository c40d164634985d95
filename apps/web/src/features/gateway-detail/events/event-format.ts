import type { TFunction } from 'i18next';
import type { GatewayEvent, GatewayEventKind } from '@atrium/contracts/gateway-events';
import { formatMac } from '@atrium/contracts/gateway';
import { COMMAND_LABELS } from '../../../lib/i18n/gateway-commands';
import { numberFormat } from '../../../lib/locale';
import { durationParts } from '../model/info-format';

/** The label of each kind (shown beside its icon: a kind is never told by colour alone). */
export const EVENT_KIND_LABELS: Record<GatewayEventKind, string> = {
  online: 'gatewayEvents.kind.online',
  offline: 'gatewayEvents.kind.offline',
  reboot: 'gatewayEvents.kind.reboot',
  update: 'gatewayEvents.kind.update',
  config: 'gatewayEvents.kind.config',
  password: 'gatewayEvents.kind.password',
  command: 'gatewayEvents.kind.command',
};

/** "2 d 3 h", "5 h 12 min", "4 min", "12 s": how long a state lasted. */
export function formatDuration(ms: number, t: TFunction): string {
  if (ms < 60_000)
    return t('gatewayEvents.duration.seconds', { count: Math.max(0, Math.round(ms / 1000)) });
  const { days, hours, minutes } = durationParts(0, ms);
  return [
    days > 0 && t('gatewayDetail.duration.days', { count: days }),
    (days > 0 || hours > 0) && t('gatewayDetail.duration.hours', { count: hours }),
    days === 0 && t('gatewayDetail.duration.minutes', { count: minutes }),
  ]
    .filter(Boolean)
    .join(' ');
}

/** "99,5 %" in French, "99.5%" in English; a dash when unknown. */
export function formatUptime(value: number | null): string {
  if (value === null) return '—';
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** The update's outcome as a message key. */
export const UPDATE_RESULT_LABELS = {
  started: 'gatewayEvents.update.started',
  done: 'gatewayEvents.update.done',
  failed: 'gatewayEvents.update.failed',
} as const;

/** What the row says under its kind: the duration, the versions, the command, the error. */
export function eventDetail(event: GatewayEvent, t: TFunction): string[] {
  const d = event.data;
  const lines: string[] = [];
  if (event.kind === 'online' || event.kind === 'offline') {
    if (d.durationMs !== null && d.durationMs !== undefined)
      lines.push(
        t(
          event.kind === 'online'
            ? 'gatewayEvents.detail.afterOffline'
            : 'gatewayEvents.detail.afterOnline',
          { duration: formatDuration(d.durationMs, t) },
        ),
      );
    else lines.push(t('gatewayEvents.detail.firstSeen'));
  } else if (event.kind === 'update') {
    lines.push(
      t('gatewayEvents.detail.versions', { from: d.from ?? '—', to: d.to ?? '—' }) +
        (d.branch === 'beta' ? ` (${t('gatewayEvents.detail.beta')})` : ''),
    );
    if (d.detail === 'queued') lines.push(t('gatewayEvents.detail.queued'));
  } else if (event.kind !== 'reboot' && d.command) {
    const label = COMMAND_LABELS[d.command];
    lines.push(label ? t(label) : d.command);
    if (d.command === 'pool.type' && d.detail)
      lines.push(t('gatewayEvents.detail.poolType', { type: d.detail }));
    if (d.command === 'config.import' && d.detail)
      lines.push(t('gatewayEvents.detail.copiedFrom', { mac: formatMac(d.detail) }));
  }
  if (d.error)
    lines.push(t('gatewayEvents.detail.error', { error: t(d.error, { defaultValue: d.error }) }));
  return lines;
}
