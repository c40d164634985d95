import { dateTimeFormat } from '../../lib/locale';

export { parisDayEnd } from '../../lib/paris-day';

/** The Paris day an end (a midnight) closes, in the console's language. */
export function formatLastDay(end: number): string {
  return dateTimeFormat({ timeZone: 'Europe/Paris', dateStyle: 'short' }).format(new Date(end - 1));
}
