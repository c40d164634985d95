import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atrium/contracts/limits';
import { local, STORAGE_KEYS } from '../storage';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, resolveLanguage, translationUrl } from './language';

/** Loads `/assets/i18n/{lang}.json` with fetch; no extra package needed. */
const fetchBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    fetch(translationUrl(language))
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status} for ${language}`);
        const data: unknown = await res.json();
        if (typeof data !== 'object' || data === null) throw new Error(`bad ${language}.json`);
        callback(null, data);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : null, false));
  },
};

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export const i18n = i18next;

/** Starts i18next with the saved language (spec §4: saved language applied on start). */
export function initI18n(): Promise<unknown> {
  const language = resolveLanguage(local.get(STORAGE_KEYS.lang));
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // The cookie banner is always French (spec §2), so French is always loaded.
      preload: [DEFAULT_LANGUAGE],
      load: 'languageOnly',
      nsSeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** The language switch: accepts fr, en and de, saves the choice (spec §4). */
export function changeLanguage(language: Language): Promise<unknown> {
  local.set(STORAGE_KEYS.lang, language);
  return i18next.changeLanguage(language);
}

/** Translates a key outside React (snackbars, services). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options);
}

export function hasTranslation(key: string): boolean {
  return i18next.exists(key);
}
