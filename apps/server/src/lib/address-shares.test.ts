import { describe, expect, it } from 'vitest';
import { AddressShares } from './address-shares';

describe('AddressShares (decision 0068)', () => {
  it('gives each address its share, and takes one back once however often given', () => {
    const shares = new AddressShares(2);
    const [a1, a2] = [shares.take('10.0.0.1'), shares.take('10.0.0.1')];
    expect(shares.take('10.0.0.1')).toBeUndefined();
    const b = shares.take('10.0.0.2');
    expect(b).toBeDefined();
    a1?.();
    a1?.(); // twice: still one back
    expect(shares.take('10.0.0.1')).toBeDefined();
    expect(shares.take('10.0.0.1')).toBeUndefined();
    expect(shares.size).toBe(2);
    a2?.();
    b?.();
    expect(shares.size).toBe(1); // the entry stays only while something is held
  });

  it('counts nothing with no cap, or for a peer already gone', () => {
    const open = new AddressShares(0);
    for (let i = 0; i < 1_000; i++) expect(open.take('10.0.0.1')).toBeDefined();
    expect(open.size).toBe(0);
    const capped = new AddressShares(1);
    expect(capped.take(undefined)).toBeDefined();
    expect(capped.take(undefined)).toBeDefined();
    expect(capped.size).toBe(0);
  });
});
