import {
  DEFAULT_QUIET_HOURS,
  notificationBody,
  NOTIFICATION_LANGUAGES,
  type NotificationBody,
  type NotificationChannel,
  type QuietHours,
} from '@atrium/contracts/alerts';
import type { Notification } from '@atrium/contracts/project';

type Events = Notification['email']['events'];
type Language = (typeof NOTIFICATION_LANGUAGES)[number];

interface ChannelForm {
  enabled: boolean;
  events: Events;
  quietHours: QuietHours;
}

/** The dialog's fields: two address fields (the second optional), the Pushover keys. */
export interface NotificationForm {
  email: ChannelForm & { mails: [string, string] };
  pushover: ChannelForm & { user: string; token: string };
}

/** The stored settings as the dialog edits them; quiet hours off (22:00-07:00) when unset. */
export function notificationForm(n: Notification): NotificationForm {
  const [first = '', second = ''] = n.email.options.mails;
  return {
    email: {
      enabled: n.email.enabled,
      mails: [first, second],
      events: { ...n.email.events },
      quietHours: { ...(n.email.quietHours ?? DEFAULT_QUIET_HOURS) },
    },
    pushover: {
      enabled: n.pushover.enabled,
      user: n.pushover.options.user,
      token: n.pushover.options.token,
      events: { ...n.pushover.events },
      quietHours: { ...(n.pushover.quietHours ?? DEFAULT_QUIET_HOURS) },
    },
  };
}

/** The language of the mails and pushes: the console's, English for any other than French. */
export function notificationLanguage(consoleLanguage: string): Language {
  const base = consoleLanguage.split('-')[0];
  return NOTIFICATION_LANGUAGES.find((l) => l === base) ?? 'en';
}

/**
 * POST /api/project/notifications/{id}: the filled addresses only, status and voltage as set;
 * thresholds always on (its box is shown checked and disabled, decision 0018).
 */
export function notificationBodyOf(form: NotificationForm, language: Language): NotificationBody {
  const { email, pushover } = form;
  return {
    email: {
      enabled: email.enabled,
      options: { mails: email.mails.map((m) => m.trim()).filter((m) => m !== '') },
      events: { ...email.events, thresholds: true },
      quietHours: email.quietHours,
    },
    pushover: {
      enabled: pushover.enabled,
      options: { user: pushover.user.trim(), token: pushover.token.trim() },
      events: { ...pushover.events, thresholds: true },
      quietHours: pushover.quietHours,
    },
    language,
  };
}

/** Message keys of what is wrong, per channel and for its quiet hours. */
export type NotificationErrors = Partial<
  Record<NotificationChannel | `${NotificationChannel}QuietHours`, string>
>;

/** The contract's verdict (mailBody, pushoverFieldEmpty, invalidForm) on the form. */
export function notificationErrors(form: NotificationForm): NotificationErrors {
  const parsed = notificationBody.safeParse(notificationBodyOf(form, 'fr'));
  const errors: NotificationErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [channel, field] = issue.path;
    if (channel !== 'email' && channel !== 'pushover') continue;
    const at = field === 'quietHours' ? (`${channel}QuietHours` as const) : channel;
    errors[at] ??= /^\w+$/.test(issue.message) ? issue.message : 'invalidForm';
  }
  return errors;
}

/** Save stays disabled while the addresses (§5) or the quiet hours are wrong. */
export const blocksSave = (errors: NotificationErrors): boolean =>
  !!(errors.email || errors.emailQuietHours || errors.pushoverQuietHours);
