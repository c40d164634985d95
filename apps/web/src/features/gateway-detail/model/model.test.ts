import { describe, expect, it } from 'vitest';
import { detailAccess } from './access';
import { idCriteria } from './id-criteria';
import { durationParts, formatPower, localAccessUrl } from './info-format';
import { poolRoute } from './pool-route';
import { updateProgress } from './update-progress';

describe('updateProgress', () => {
  it('reads "n/m" as a step, -1 as booting, other text as sent, nothing as idle', () => {
    expect(updateProgress('2/5')).toEqual({ kind: 'flashing', done: 2, total: 5, percent: 40 });
    expect(updateProgress(-1)).toEqual({ kind: 'booting' });
    expect(updateProgress('-1')).toEqual({ kind: 'booting' });
    expect(updateProgress('updating')).toEqual({ kind: 'sent' });
    expect(updateProgress('3/0')).toEqual({ kind: 'sent' });
    expect(updateProgress(null)).toEqual({ kind: 'idle' });
  });
});

describe('poolRoute (spec §4)', () => {
  it('opens the legacy dialog below 7.0, offers the update when outdated, else the current one', () => {
    expect(poolRoute('6.9.0', 'EOL')).toBe('legacy');
    expect(poolRoute('7.2.0', 'outdated')).toBe('offerUpdate');
    expect(poolRoute('7.6.0', 'uptodate')).toBe('current');
    expect(poolRoute('7.7.0', 'beta')).toBe('current');
    expect(poolRoute(null, undefined)).toBe('current');
  });
});

describe('idCriteria (spec §5)', () => {
  it('checks the password rules and the username separately', () => {
    expect(idCriteria('admin1', 'Passw0rd')).toEqual({
      atLeast8: true,
      noSpecialCharactersPwd: true,
      upperCase: true,
      digitsCriteriaMsg: true,
      noSpecialCharacters: true,
    });
    expect(idCriteria('ad min', 'pass!')).toEqual({
      atLeast8: false,
      noSpecialCharactersPwd: false,
      upperCase: false,
      digitsCriteriaMsg: false,
      noSpecialCharacters: false,
    });
    expect(idCriteria('', 'x').noSpecialCharacters).toBe(false);
  });
});

describe('detailAccess (spec §6)', () => {
  const user = (rank: 'admin' | 'user' | 'viewer', email = 'jo@example.com') => ({ rank, email });
  it('reads admin, partner domains and read-only', () => {
    expect(detailAccess(user('admin'), 'owner', [])).toEqual({
      isAdmin: true,
      isAdminOrPartner: true,
      readOnly: false,
    });
    expect(detailAccess(user('user', 'a@b.example'), 'owner', ['x.example', 'B.example'])).toEqual({
      isAdmin: false,
      isAdminOrPartner: true,
      readOnly: false,
    });
    expect(detailAccess(user('user'), 'viewer', []).readOnly).toBe(true);
    expect(detailAccess(user('viewer'), 'owner', []).readOnly).toBe(true);
    expect(detailAccess(user('user'), undefined, []).readOnly).toBe(true);
  });
});

describe('info formatting', () => {
  it('splits a duration into days, hours and minutes', () => {
    const day = 86_400_000;
    expect(durationParts(0, 2 * day + 3 * 3_600_000 + 5 * 60_000 + 59_000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 5,
    });
    expect(durationParts(10_000, 0)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it("shows voltage and bus load as 'V / %'", () => {
    expect(formatPower(29.14, 12.4, 'fr-FR')).toBe('29,1 V / 12 %');
    expect(formatPower(29, null, 'en')).toBe('29 V / — %');
    expect(formatPower(null, null, 'en')).toBe('—');
  });

  it('builds the local access link on port 11196, and none without a usable IP', () => {
    expect(localAccessUrl('192.168.1.20', 11196)).toBe('http://192.168.1.20:11196');
    expect(localAccessUrl('fe80::1', 11196)).toBe('http://[fe80::1]:11196');
    expect(localAccessUrl('Not found', 11196)).toBeNull();
    expect(localAccessUrl(null, 11196)).toBeNull();
  });
});
