import { describe, expect, it } from 'vitest';
import { formatKiloBytes } from './vpn-format';
import { defaultDelay, delayChoices, sessionEnd, vpnOnline } from './vpn-session';

const H = 3_600_000;

describe('sessionEnd', () => {
  it('reads -1 and "-1" as no end, "0" as no session, other strings as instants', () => {
    expect(sessionEnd(-1)).toBe('unlimited');
    expect(sessionEnd('-1')).toBe('unlimited');
    expect(sessionEnd('0')).toBeNull();
    expect(sessionEnd('soon')).toBeNull();
    expect(sessionEnd('1767609000000')).toBe(1_767_609_000_000);
  });
});

describe('delayChoices and defaultDelay (spec §9)', () => {
  it("keeps the project's delays in the spec's order, 2 h by default", () => {
    expect(delayChoices([8 * H, 2 * H, 4 * H], false)).toEqual([2 * H, 4 * H, 8 * H]);
    expect(delayChoices([3 * H], false)).toEqual([2 * H]);
    expect(defaultDelay([2 * H, 4 * H])).toBe(2 * H);
    expect(defaultDelay([4 * H, 8 * H])).toBe(4 * H);
  });

  it('offers administrators every delay and no end, whatever the project allows', () => {
    expect(delayChoices([2 * H], true)).toEqual([2, 4, 8, 24, 48].map((h) => h * H).concat(-1));
  });
});

describe('vpnOnline', () => {
  it('is the string "true" only', () => {
    expect(vpnOnline({ online: 'true' })).toBe(true);
    expect(vpnOnline({ online: 'false' })).toBe(false);
    expect(vpnOnline(undefined)).toBe(false);
  });
});

describe('formatKiloBytes', () => {
  it('uses decimal units in the language, and leaves bytes below 1 kB to the caller', () => {
    const plain = (text: string | null) => text?.replace(/\s/g, ' ');
    expect(formatKiloBytes(999, 'fr')).toBeNull();
    expect(plain(formatKiloBytes(1_500, 'fr'))).toBe('1,5 ko');
    expect(plain(formatKiloBytes(48_200, 'en'))).toBe('48 kB');
    expect(plain(formatKiloBytes(2_340_000_000, 'en'))).toBe('2.3 GB');
  });
});
