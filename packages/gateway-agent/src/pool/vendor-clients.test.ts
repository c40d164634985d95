import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_KLEREO_ACCOUNT,
  FAKE_POOLCOP_ACCOUNT,
  startFakeVendor,
  type FakeVendor,
} from './fake-vendor';
import { KLEREO_JWT_REFRESH_MS, KlereoClient } from './klereo-client';
import { PoolcopClient } from './poolcop-client';
import { VendorError } from './vendor-http';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const klereoIds = {
  username: FAKE_KLEREO_ACCOUNT.username,
  password: sha1(FAKE_KLEREO_ACCOUNT.password),
};

let vendor: FakeVendor | undefined;
afterEach(async () => {
  await vendor?.close();
  vendor = undefined;
});

const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'resolved';
  } catch (err) {
    return err instanceof VendorError ? err.kind : String(err);
  }
};

describe('the Klereo client against a local Klereo', () => {
  it('logs in with the SHA-1 password, lists pools, reads and drives one', async () => {
    vendor = await startFakeVendor();
    const client = new KlereoClient({ baseUrl: vendor.klereoUrl }, klereoIds);
    expect(await client.pools()).toEqual(FAKE_KLEREO_ACCOUNT.pools);
    const details = await client.details('4242');
    expect(details.probes.find((p) => p.type === 5)?.filteredValue).toBeTypeOf('number');
    await client.setOut('4242', 1, 0, 1);
    expect(vendor.pools.get('4242')!.state).toMatchObject({ filtration: true, filtrationMode: 0 });
    await client.setParam('4242', 'ConsigneEau', 29.5);
    expect((await client.details('4242')).params.ConsigneEau).toBe(29.5);
    expect(await kindOf(client.details('9999'))).toBe('unavailable');
  });

  it('says invalidIds for a wrong password (clear or not hashed) and unavailable during an outage', async () => {
    vendor = await startFakeVendor();
    const wrong = new KlereoClient(
      { baseUrl: vendor.klereoUrl },
      { ...klereoIds, password: sha1('Nope1234') },
    );
    expect(await kindOf(wrong.login())).toBe('invalidIds');
    const clear = new KlereoClient(
      { baseUrl: vendor.klereoUrl },
      { ...klereoIds, password: 'Demo1234' },
    );
    expect(await kindOf(clear.pools())).toBe('invalidIds');
    vendor.outage = true;
    const ok = new KlereoClient({ baseUrl: vendor.klereoUrl }, klereoIds);
    expect(await kindOf(ok.login())).toBe('unavailable');
    const down = new KlereoClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 }, klereoIds);
    expect(await kindOf(down.login())).toBe('unavailable');
  });

  it('logs in again before the JWT hour is up, and when Klereo says it expired', async () => {
    let now = Date.now();
    vendor = await startFakeVendor({ now: () => now, jwtTtlMs: 3_600_000 });
    const client = new KlereoClient({ baseUrl: vendor.klereoUrl, now: () => now }, klereoIds);
    const logins = () => vendor!.hits.get('/klereo/php/GetJWT.php') ?? 0;
    await client.pools();
    await client.pools();
    expect(logins()).toBe(1);
    now += KLEREO_JWT_REFRESH_MS + 1;
    await client.pools();
    expect(logins()).toBe(2);
    vendor.expireTokens();
    expect(await client.pools()).toHaveLength(2);
    expect(logins()).toBe(3);
  });
});

describe('the PoolCop client against a local PoolCopilot', () => {
  it('gets a token for the key, reads the status and toggles the pump', async () => {
    vendor = await startFakeVendor();
    const client = new PoolcopClient({ baseUrl: vendor.poolcopUrl }, FAKE_POOLCOP_ACCOUNT.apikey);
    const before = (await client.status()).status.pump;
    await client.command('pump');
    expect((await client.status()).status.pump).toBe(before === 1 ? 0 : 1);
    expect(client.quota.limit).toBe(1000);
    expect(client.quota.remaining).toBeLessThan(1000);
  });

  it('says invalidIds on 403 (bad key) and rateLimited with the refill time once the quota is spent', async () => {
    vendor = await startFakeVendor({ poolcopQuota: 3, poolcopWindowMs: 60_000 });
    const bad = new PoolcopClient({ baseUrl: vendor.poolcopUrl }, 'not-a-real-key-123');
    expect(await kindOf(bad.status())).toBe('invalidIds');
    const client = new PoolcopClient({ baseUrl: vendor.poolcopUrl }, FAKE_POOLCOP_ACCOUNT.apikey);
    await client.status(); // token (1) + status (2)
    await client.status(); // 3
    const err = await client.status().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorError);
    expect((err as VendorError).kind).toBe('rateLimited');
    expect((err as VendorError).retryAt).toBeGreaterThan(Date.now());
    // Known spent: the next call is not even sent.
    const hits = vendor.hits.get('/poolcop/api/v1/status');
    expect(await kindOf(client.status())).toBe('rateLimited');
    expect(vendor.hits.get('/poolcop/api/v1/status')).toBe(hits);
  });

  it('fetches a new token when the old one expired', async () => {
    vendor = await startFakeVendor();
    const client = new PoolcopClient({ baseUrl: vendor.poolcopUrl }, FAKE_POOLCOP_ACCOUNT.apikey);
    await client.status();
    vendor.expireTokens();
    await client.status();
    expect(vendor.hits.get('/poolcop/api/v1/token')).toBe(2);
  });
});
