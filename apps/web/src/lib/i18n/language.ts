import { LANGUAGES, type Language } from '@atrium/contracts/limits';

export const DEFAULT_LANGUAGE: Language = 'fr';
export const FALLBACK_LANGUAGE: Language = 'en';
/** The language menu offers these; German is accepted by the switch only (spec §1). */
export const MENU_LANGUAGES = ['fr', 'en'] as const satisfies readonly Language[];

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved language when it is one the switch accepts, else French. */
export function resolveLanguage(saved: string | null): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Where a language's messages are served from (spec §7 Translations). */
export function translationUrl(language: string): string {
  return `/assets/i18n/${encodeURIComponent(language)}.json`;
}
