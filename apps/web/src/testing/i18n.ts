import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/assets/i18n/en.json';
import fr from '../../public/assets/i18n/fr.json';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE } from '../lib/i18n/language';

/**
 * Starts the app's i18next instance synchronously with the real message files, so that
 * tests read the texts a user reads and `translate()` (snackbars) works; no HTTP backend.
 * Same separators and interpolation as src/lib/i18n/i18n.ts.
 */
export function initTestI18n(): void {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources: { fr: { translation: fr }, en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
}
