import type { TFunction } from 'i18next';
import type { GatewayEvent } from '@atrium/contracts/gateway-events';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in its largest whole unit: "5 min", "3 h", "2 days". */
export function formatDuration(t: TFunction, ms: number): string {
  if (ms >= DAY) return t('home.duration.days', { count: Math.floor(ms / DAY) });
  if (ms >= HOUR) return t('home.duration.hours', { count: Math.floor(ms / HOUR) });
  return t('home.duration.minutes', { count: Math.max(1, Math.floor(ms / MINUTE)) });
}

function updateText(t: TFunction, e: GatewayEvent): string {
  const version = e.data.to ?? t('home.events.unknownVersion');
  switch (e.data.result) {
    case 'done':
      return t('home.events.updateDone', { version });
    case 'failed':
      return t('home.events.updateFailed', { version });
    case 'started':
    case undefined:
      return t('home.events.updateStarted', { version });
  }
}

/** What happened, as one line in the console's language. */
export function eventText(t: TFunction, e: GatewayEvent): string {
  switch (e.kind) {
    case 'online':
      return e.data.durationMs
        ? t('home.events.onlineAfter', { duration: formatDuration(t, e.data.durationMs) })
        : t('home.events.online');
    case 'offline':
      return t('home.events.offline');
    case 'reboot':
      return t('home.events.reboot');
    case 'update':
      return updateText(t, e);
    case 'config':
      return t('home.events.config');
    case 'password':
      return t('home.events.password');
    case 'command':
      return t('home.events.command', { command: e.data.command ?? '' });
  }
}

/** Whether the event is bad news: shown with a warning icon as well as its text. */
export const isTrouble = (e: GatewayEvent): boolean =>
  e.kind === 'offline' || (e.kind === 'update' && e.data.result === 'failed');
