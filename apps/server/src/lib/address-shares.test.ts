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

  it('counts an IPv6 /64 as one source, and an IPv4-mapped address as its IPv4 one', () => {
    const shares = new AddressShares(2);
    // One subscriber's /64: every address in it draws on the same share.
    expect(shares.take('2001:db8:1:2::1')).toBeDefined();
    expect(shares.take('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBeDefined();
    expect(shares.take('2001:0db8:0001:0002:abcd::7')).toBeUndefined();
    // The next /64 is another source.
    expect(shares.take('2001:db8:1:3::1')).toBeDefined();
    // A dual-stack listener sees IPv4 peers as ::ffff:a.b.c.d.
    const give = shares.take('::ffff:192.0.2.1');
    expect(shares.take('192.0.2.1')).toBeDefined();
    expect(shares.take('::FFFF:192.0.2.1')).toBeUndefined();
    give?.();
    expect(shares.take('192.0.2.1')).toBeDefined();
    expect(shares.size).toBe(3);
  });
});
