import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('../../ui/snackbar', () => ({ notify: { error: (key: string) => shown.push(key) } }));
vi.mock('../i18n/i18n', () => ({ hasTranslation: (key: string) => key !== 'noSuchKey' }));

const { clearUpdateFailure, reportUpdateFailure } = await import('./update-failures');

describe('reportUpdateFailure', () => {
  beforeEach(() => {
    shown.length = 0;
    clearUpdateFailure('aabbccddeeff');
  });

  it('shows a failure reported by both the reply and the event once', () => {
    reportUpdateFailure('aabbccddeeff', 'firmwareChecksumMismatch', 1_000);
    reportUpdateFailure('aabbccddeeff', 'firmwareChecksumMismatch', 2_000);
    expect(shown).toEqual(['firmwareChecksumMismatch']);
    reportUpdateFailure('aabbccddeeff', 'firmwareChecksumMismatch', 60_000);
    expect(shown).toHaveLength(2);
  });

  it('shows the generic error for a code the console cannot translate', () => {
    reportUpdateFailure('aabbccddeeff', 'noSuchKey', 1_000);
    expect(shown).toEqual(['error']);
  });
});
