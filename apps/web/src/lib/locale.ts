import i18next from 'i18next';
import type { Language } from '@atrium/contracts/limits';
import { DEFAULT_LANGUAGE } from './i18n/language';

/**
 * Numbers, units and dates follow the console's language (issue 16); dates stay in
 * Paris time (spec §9). English uses the British locale: its dates keep the spec's
 * day/month/year order.
 */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE' };

/** Byte units by language: French writes octets. */
const BYTE_UNITS: Record<Language, readonly [string, string, string]> = {
  fr: ['o', 'ko', 'Mo'],
  en: ['B', 'kB', 'MB'],
  de: ['B', 'kB', 'MB'],
};

const isLanguage = (value: string): value is Language => value in LOCALES;

/** The console's language (French until i18next has started). */
export function currentLanguage(): Language {
  const language = (i18next.resolvedLanguage ?? i18next.language ?? '').slice(0, 2);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The Intl locale of the console's language, e.g. "en-GB". */
export const currentLocale = (): string => LOCALES[currentLanguage()];

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat of the console's language, built once per locale and options. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An Intl.DateTimeFormat of the console's language, built once per locale and options. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** "14 B", "12.3 kB", "1 MB" in English; "14 o", "12,3 ko", "1 Mo" in French. */
export function formatBytes(bytes: number): string {
  const [b, kb, mb] = BYTE_UNITS[currentLanguage()];
  const one = numberFormat({ maximumFractionDigits: 1 });
  if (bytes < 1000) return `${one.format(bytes)} ${b}`;
  if (bytes < 1_000_000) return `${one.format(bytes / 1000)} ${kb}`;
  return `${numberFormat({ maximumFractionDigits: 2 }).format(bytes / 1_000_000)} ${mb}`;
}
