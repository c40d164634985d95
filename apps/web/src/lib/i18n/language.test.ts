import { describe, expect, it } from 'vitest';
import { resolveLanguage, translationUrl } from './language';

describe('resolveLanguage', () => {
  it('keeps a saved fr, en or de', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('de')).toBe('de');
    expect(resolveLanguage('fr')).toBe('fr');
  });

  it('defaults to French', () => {
    expect(resolveLanguage(null)).toBe('fr');
    expect(resolveLanguage('es')).toBe('fr');
    expect(resolveLanguage('EN')).toBe('fr');
  });

  it('loads messages from /assets/i18n', () => {
    expect(translationUrl('en')).toBe('/assets/i18n/en.json');
  });
});
