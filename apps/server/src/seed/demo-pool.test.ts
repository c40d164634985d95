import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolConfig } from '@atrium/contracts/pool';
import { waitFor } from '../../test/hub-helpers';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { seedDemo } from './demo';
import { DEMO_POOL_GATEWAY } from './demo-pool';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the demo pool', () => {
  it('shows a configured Klereo pool whose values come from the simulated cloud', async () => {
    expect(await seedDemo(t.modules, t.app.log)).toBe(true);
    await t.modules.hub.sweepDemos();
    const user = await t.modules.users.repo.findByEmail('user@atrium.demo');
    if (!user) throw new Error('no demo user');
    const headers = bearer(await t.modules.users.tokens.sign(user));
    const config = await waitFor(async () => {
      const res = await t.app.inject({
        url: `/api/poolnx/config?mac=${DEMO_POOL_GATEWAY}`,
        headers,
      });
      const c = res.json<PoolConfig>();
      return c.lastUpdate !== null && c.synced ? c : null;
    }, 15_000);
    expect(config).toMatchObject({
      type: 'klereo',
      auth: { username: 'demo' },
      selectedPool: '4242',
      vendor: { state: 'ok' },
      tempControl: { enabled: true, hysteresis: 1 },
    });
    const water = config.POOL_to_KNX.find((r) => r.name === 'waterTemp');
    expect(water).toMatchObject({ address: '2/3/1', enabled: true, unit: '°C' });
    expect(water?.value).toBeTypeOf('number');
    const pools = await t.app.inject({
      url: `/api/poolnx/klereo/poollist?mac=${DEMO_POOL_GATEWAY}`,
      headers,
    });
    expect(pools.json<{ id: string }[]>().map((p) => p.id)).toEqual(['4242', '4243']);
  });
});
