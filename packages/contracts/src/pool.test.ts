import { describe, expect, it } from 'vitest';
import {
  defaultPoolRows,
  macOfPoolnxRoom,
  nextPoolAddress,
  parsePoolAddress,
  poolAuthBody,
  poolInitTypeBody,
  poolUpdateBody,
  poolnxRoom,
  tempControlSchema,
  DEFAULT_TEMP_CONTROL,
} from './pool';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('pool contracts', () => {
  it('reads group addresses within 31/7/255 and auto-fills the next one', () => {
    expect(parsePoolAddress('1/2/003')).toBe('1/2/3');
    expect(parsePoolAddress('31/7/255')).toBe('31/7/255');
    for (const bad of ['32/0/0', '1/8/0', '1/0/256', '1/2', 'a/b/c', ''])
      expect(parsePoolAddress(bad), bad).toBeNull();
    expect(nextPoolAddress('2/1/9')).toBe('2/1/10');
    expect(nextPoolAddress('2/1/255')).toBe('2/2/0');
    expect(nextPoolAddress('2/7/255')).toBe('3/0/0');
    expect(nextPoolAddress('31/7/255')).toBeNull();
  });

  it('refuses malformed addresses, DPTs and hysteresis with their message keys', () => {
    const row = { name: 'waterTemp', address: '1/2/3', enabled: true, rename: '', dpt: '9.001' };
    expect(poolUpdateBody.safeParse({ POOL_to_KNX: [row] }).success).toBe(true);
    expect(
      messages(poolUpdateBody.safeParse({ POOL_to_KNX: [{ ...row, address: '1/9/3' }] })),
    ).toContain('malformedAddress');
    expect(
      messages(poolUpdateBody.safeParse({ POOL_to_KNX: [{ ...row, address: '' }] })),
    ).toContain('malformedAddress');
    expect(messages(poolUpdateBody.safeParse({ POOL_to_KNX: [{ ...row, dpt: '9.1' }] }))).toContain(
      'invalidDPT',
    );
    expect(
      messages(tempControlSchema.safeParse({ ...DEFAULT_TEMP_CONTROL, hysteresis: 0 })),
    ).toEqual(['hysteresis']);
    const noH: Record<string, unknown> = { ...DEFAULT_TEMP_CONTROL };
    delete noH.hysteresis;
    expect(messages(tempControlSchema.safeParse(noH))).toEqual(['hysteresis']);
    expect(messages(poolUpdateBody.safeParse({}))).toEqual(['validation']);
  });

  it('takes Klereo and PoolCop credentials, the password as SHA-1 hex', () => {
    const sha1 = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
    expect(
      poolAuthBody.safeParse({ type: 'klereo', auth: { username: 'bob1', password: sha1 } })
        .success,
    ).toBe(true);
    expect(
      messages(
        poolAuthBody.safeParse({ type: 'klereo', auth: { username: 'bob!', password: sha1 } }),
      ),
    ).toContain('noSpecialCharacters');
    expect(
      poolAuthBody.safeParse({ type: 'klereo', auth: { username: 'bob', password: 'Secret12' } })
        .success,
    ).toBe(false);
    expect(
      poolAuthBody.safeParse({ type: 'poolcop', auth: { apikey: 'ab12cd34ef56' } }).success,
    ).toBe(true);
    expect(
      poolAuthBody.safeParse({ type: 'poolcop', auth: { username: 'x', password: sha1 } }).success,
    ).toBe(false);
    expect(poolInitTypeBody.parse({ pool: 4242 })).toEqual({ pool: '4242' });
    expect(poolInitTypeBody.safeParse({ type: 'other' }).success).toBe(false);
  });

  it('names the live room and lists every key unmapped by default', () => {
    expect(macOfPoolnxRoom(poolnxRoom('00aabbccddee'))).toBe('00aabbccddee');
    expect(macOfPoolnxRoom('project:1')).toBeNull();
    const rows = defaultPoolRows('klereo', 'cmd');
    expect(rows.map((r) => r.name)).toContain('filtration');
    expect(rows.every((r) => !r.enabled && r.address === '')).toBe(true);
  });
});
