import { alertSettingsSchema, type AlertSettings } from '@atrium/contracts/alerts';

/** One watched address as typed: numbers stay text until saved. */
export interface StaleRow {
  gateway: string;
  address: string;
  minutes: string;
}

/** The settings tab's fields. */
export interface SettingsForm {
  offlineDelaySeconds: string;
  busload: { enabled: boolean; percent: string; minutes: string };
  stale: StaleRow[];
}

/** A new watched address: the first gateway, every 60 minutes. */
export const newStaleRow = (gateway = ''): StaleRow => ({ gateway, address: '', minutes: '60' });

export function settingsForm(s: AlertSettings): SettingsForm {
  return {
    offlineDelaySeconds: String(s.offlineDelaySeconds),
    busload: {
      enabled: s.busload.enabled,
      percent: String(s.busload.percent),
      minutes: String(s.busload.minutes),
    },
    stale: s.stale.map((r) => ({ ...r, minutes: String(r.minutes) })),
  };
}

/** Text to number: an empty or unreadable field is NaN, which the schema refuses. */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function draft(form: SettingsForm) {
  return {
    offlineDelaySeconds: num(form.offlineDelaySeconds),
    busload: {
      enabled: form.busload.enabled,
      percent: num(form.busload.percent),
      minutes: num(form.busload.minutes),
    },
    stale: form.stale.map((r) => ({
      gateway: r.gateway,
      address: r.address.trim(),
      minutes: num(r.minutes),
    })),
  };
}

/**
 * Message keys by field path ("offlineDelaySeconds", "busload.percent", "stale.0.address");
 * a zod default message (sentence, not a key) reads as invalidForm.
 */
export type SettingsErrors = Record<string, string>;

/** The settings to send, or the errors of the fields, by the contract's rules. */
export function readSettings(
  form: SettingsForm,
): { ok: true; settings: AlertSettings } | { ok: false; errors: SettingsErrors } {
  const parsed = alertSettingsSchema.safeParse(draft(form));
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= /^\w+$/.test(issue.message) ? issue.message : 'invalidForm';
  }
  return { ok: false, errors };
}
