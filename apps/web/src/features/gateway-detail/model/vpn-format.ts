/** Remote access instants are shown in Paris time (spec §9), in the console's language. */
const TIME_ZONE = 'Europe/Paris';

const STYLES = {
  /** "lundi 5 janvier 2026 à 11:30": the end of the open session. */
  long: { dateStyle: 'full', timeStyle: 'short' },
  /** "5 janv. 2026, 11:30": the log's columns. */
  short: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export function formatParisDate(ms: number, locale: string, style: keyof typeof STYLES): string {
  return new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: TIME_ZONE }).format(ms);
}

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A byte count with a decimal unit in the language's own abbreviations ("1,5 Mo", "1.5 MB");
 * null below 1 kB, where the caller says "bytes" itself (Intl's English short form is
 * "12 byte").
 */
export function formatKiloBytes(bytes: number, locale: string): string | null {
  let value = bytes / 1000;
  if (value < 1) return null;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
