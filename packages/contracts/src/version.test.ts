import { describe, expect, it } from 'vitest';
import { parseVersion, updateAllowed, versionStatus } from './version';

describe('versionStatus (document 1 §4)', () => {
  it.each([
    ['poolnx', '6.9.9', '7.6.0', 'EOL'],
    ['kloudnx', '6.0', '8.5.0', 'EOL'],
    ['kloudnx', '6.0', undefined, 'EOL'],
    ['klocknx', '0.9', '1.4.0', 'outdated'],
    ['kloudnx', '7.0.0', '8.5.0', 'outdated'],
    ['kloudnx', '9.0.0', '8.5.0', 'beta'],
    ['kloudnx', '8.4.9', '8.5.0', 'outdated'],
    ['kloudnx', '8.6.0', '8.5.0', 'beta'],
    ['kloudnx', '8.5.7', '8.5.0', 'uptodate'],
    ['emergynx', 'v2.1', '2.1.0', 'uptodate'],
    ['grafnx', '1.2.0-beta.1', '1.2.0', 'uptodate'],
  ] as const)('%s %s against %s is %s', (type, version, latest, status) => {
    expect(versionStatus(type, version, latest)).toBe(status);
  });

  it('is undefined when a version is unknown', () => {
    expect(versionStatus('kloudnx', null, '8.5.0')).toBeUndefined();
    expect(versionStatus('kloudnx', 'X', '8.5.0')).toBeUndefined();
    expect(versionStatus('kloudnx', '8.5.0', undefined)).toBeUndefined();
    expect(versionStatus('klocknx', '1.0', 'garbage')).toBeUndefined();
  });

  it('parses major and minor', () => {
    expect(parseVersion('8.4.2')).toEqual({ major: 8, minor: 4 });
    expect(parseVersion(' v10.12 ')).toEqual({ major: 10, minor: 12 });
    expect(parseVersion('8')).toBeUndefined();
  });
});

describe('updateAllowed (document 1 §4, §6)', () => {
  it('never for virtual gateways', () => {
    expect(updateAllowed({ virtual: 1, status: 'outdated', isAdmin: true })).toBe(false);
    expect(updateAllowed({ virtual: true, status: 'uptodate', isAdmin: false })).toBe(false);
  });
  it('for EOL gateways, admins only', () => {
    expect(updateAllowed({ virtual: 0, status: 'EOL', isAdmin: false })).toBe(false);
    expect(updateAllowed({ virtual: 0, status: 'EOL', isAdmin: true })).toBe(true);
  });
  it('otherwise for everybody', () => {
    for (const status of ['outdated', 'beta', 'uptodate', undefined] as const) {
      expect(updateAllowed({ virtual: false, status, isAdmin: false })).toBe(true);
    }
  });
});
