import { createHash } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_POOL_OPTIONS,
  DEFAULT_TEMP_CONTROL,
  type PoolConfigArgs,
} from '@atrium/contracts/pool';
import { encode } from '@atrium/knx/dpt-codec';
import {
  FAKE_KLEREO_ACCOUNT,
  FAKE_POOLCOP_ACCOUNT,
  startFakeVendor,
  type FakeVendor,
} from './fake-vendor';
import { PoolBridge } from './pool-bridge';
import { reported } from './pool-model';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

let vendor: FakeVendor | undefined;
let bridge: PoolBridge | undefined;
afterEach(async () => {
  bridge?.stop();
  await vendor?.close();
  vendor = undefined;
});

function harness() {
  const writes: [string, string, number | boolean][] = [];
  const published: unknown[] = [];
  const last = (ga: string) => writes.filter((w) => w[0] === ga).at(-1)?.[2];
  return {
    writes,
    published,
    last,
    host: {
      groupWrite: (ga: string, dpt: string, value: number | boolean) =>
        writes.push([ga, dpt, value]),
      publishPool: (m: unknown) => published.push(m),
    },
  };
}

const row = (name: string, address: string, dpt: string) => ({ name, address, enabled: true, dpt });
const bytes = (dpt: string, v: unknown) => encode(dpt, v);

function klereoConfig(over: Partial<PoolConfigArgs> = {}): PoolConfigArgs {
  return {
    type: 'klereo',
    selectedPool: '4242',
    credentials: {
      username: FAKE_KLEREO_ACCOUNT.username,
      password: sha1(FAKE_KLEREO_ACCOUNT.password),
    },
    options: { ...DEFAULT_POOL_OPTIONS, error: { address: '2/7/0', enabled: true } },
    POOL_to_KNX: [
      row('waterTemp', '2/1/0', '9.001'),
      row('pH', '2/1/1', '14.000'),
      row('filtration', '2/1/2', '1.001'),
      row('heating', '2/1/3', '1.001'),
      { ...row('redox', '2/1/4', '9.020'), enabled: false },
    ],
    KNX_to_POOL: [row('filtration', '2/2/0', '1.001'), row('setpoint', '2/2/1', '9.001')],
    tempControl: DEFAULT_TEMP_CONTROL,
    ...over,
  };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the pool bridge', () => {
  it('puts the mapped Klereo values on their group addresses, and a group write drives the pool', async () => {
    vendor = await startFakeVendor();
    const h = harness();
    bridge = new PoolBridge(h.host, { urls: { klereoUrl: vendor.klereoUrl } });
    const pool = vendor.pools.get('4242')!;
    pool.setFiltration(false);
    await bridge.configure(klereoConfig());
    expect(h.last('2/1/0')).toBe(reported(pool.state).waterTemp);
    expect(h.last('2/1/1')).toBe(reported(pool.state).pH);
    expect(h.last('2/1/2')).toBe(false);
    expect(h.writes.some((w) => w[0] === '2/1/4')).toBe(false); // disabled row
    expect(h.last('2/7/0')).toBe(false); // error address: vendor fine
    // Unchanged values are not sent again on a poll.
    const count = h.writes.length;
    await bridge.refresh(false);
    expect(h.writes.filter((w) => w[0] === '2/1/2')).toHaveLength(1);
    expect(h.writes.length).toBeGreaterThanOrEqual(count);

    expect(bridge.onGroupWrite('2/2/0', bytes('1.001', true))).toBe(true);
    await until(() => h.last('2/1/2') === true);
    expect(pool.state).toMatchObject({ filtration: true, filtrationMode: 0 });
    bridge.onGroupWrite('2/2/1', bytes('9.001', 30.5));
    await until(() => pool.state.setpoint === 30.5);
    expect(bridge.onGroupWrite('5/5/5', bytes('1.001', true))).toBe(false);
    const message = h.published.at(-1) as {
      commands: Record<string, { value: unknown }>;
      vendor: { state: string };
    };
    expect(message.commands.filtration?.value).toBe(true);
    expect(message.vendor.state).toBe('ok');
  });

  it('writes 1 on the error address during an outage and keeps answering the thermostat', async () => {
    vendor = await startFakeVendor();
    const h = harness();
    bridge = new PoolBridge(h.host, { urls: { klereoUrl: vendor.klereoUrl }, timeoutMs: 2000 });
    const pool = vendor.pools.get('4242')!;
    pool.state.waterTemp = 24;
    const tempControl = {
      control: { address: '2/3/0' },
      currentTemp: { address: '' },
      setpoint: { address: '2/3/1' },
      setpointFeedback: { address: '2/3/2' },
      controlFeedback: { address: '2/3/3' },
      hysteresis: 1,
      enabled: true,
    };
    await bridge.configure(klereoConfig({ tempControl }));
    // 24 °C against the vendor's setpoint 28: heating on (h = 1).
    await until(() => pool.state.heating);
    bridge.onGroupWrite('2/3/1', bytes('9.001', 20));
    expect(h.last('2/3/2')).toBe(20);
    await until(() => !pool.state.heating);
    bridge.onGroupWrite('2/3/1', bytes('9.001', 24.4)); // within the band: no change
    await new Promise((r) => setTimeout(r, 100));
    expect(pool.state.heating).toBe(false);
    bridge.onGroupWrite('2/3/1', bytes('9.001', 25));
    await until(() => pool.state.heating);
    bridge.onGroupWrite('2/3/0', bytes('1.001', false));
    expect(h.last('2/3/3')).toBe(false);
    await until(() => !pool.state.heating);

    vendor.outage = true;
    await bridge.refresh(false);
    expect(h.last('2/7/0')).toBe(true);
    expect(bridge.snapshot().vendor.state).toBe('unavailable');
    // The KNX side still answers.
    bridge.onGroupWrite('2/3/1', bytes('9.001', 27));
    expect(h.last('2/3/2')).toBe(27);
    vendor.outage = false;
    await bridge.refresh(false);
    expect(h.last('2/7/0')).toBe(false);
  });

  it('drives a PoolCop pump by toggling only when it differs, and reports a spent quota', async () => {
    vendor = await startFakeVendor({ poolcopQuota: 8 });
    const h = harness();
    bridge = new PoolBridge(h.host, { urls: { poolcopUrl: vendor.poolcopUrl } });
    const pool = vendor.pools.get(FAKE_POOLCOP_ACCOUNT.poolId)!;
    pool.setFiltration(false);
    await bridge.configure({
      ...klereoConfig(),
      type: 'poolcop',
      selectedPool: null,
      credentials: { apikey: FAKE_POOLCOP_ACCOUNT.apikey },
      POOL_to_KNX: [row('filtration', '3/1/0', '1.001'), row('orp', '3/1/1', '9.020')],
      KNX_to_POOL: [row('filtration', '3/2/0', '1.001')],
    });
    expect(h.last('3/1/0')).toBe(false);
    expect(h.last('3/1/1')).toBe(reported(pool.state).redox);
    bridge.onGroupWrite('3/2/0', bytes('1.001', true));
    await until(() => h.last('3/1/0') === true);
    bridge.onGroupWrite('3/2/0', bytes('1.001', true)); // already on: no toggle
    await new Promise((r) => setTimeout(r, 100));
    expect(pool.state.filtration).toBe(true);
    for (let i = 0; i < 6; i++) await bridge.refresh(false);
    expect(bridge.snapshot().vendor.state).toBe('rateLimited');
    expect(bridge.snapshot().vendor.retryAt).toBeGreaterThan(Date.now());
  });

  it('sends every value again on a write to refresh_knx, and writes the watchdog', async () => {
    vendor = await startFakeVendor();
    const h = harness();
    bridge = new PoolBridge(h.host, { urls: { klereoUrl: vendor.klereoUrl }, watchdogMs: 50 });
    await bridge.configure(
      klereoConfig({
        options: {
          ...DEFAULT_POOL_OPTIONS,
          refresh_knx: { address: '2/5/0', enabled: true },
          watchdog_knx: { address: '2/5/2', enabled: true },
        },
      }),
    );
    const sent = () => h.writes.filter((w) => w[0] === '2/1/2').length;
    expect(sent()).toBe(1);
    await bridge.refresh(false);
    expect(sent()).toBe(1); // unchanged: not sent again
    expect(bridge.onGroupWrite('2/5/0', bytes('1.001', true))).toBe(true);
    await until(() => sent() === 2);
    await until(() => h.writes.filter((w) => w[0] === '2/5/2' && w[2] === true).length >= 2);
    expect(h.writes.find((w) => w[0] === '2/5/2')?.[1]).toBe('1.001');
  });

  it("sends the values as JSON lines to the tcp option's addresses", async () => {
    vendor = await startFakeVendor();
    const lines: string[] = [];
    const server = createServer((s) => {
      let text = '';
      s.on('data', (c) => (text += c.toString()));
      s.on('end', () => lines.push(text));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const h = harness();
    bridge = new PoolBridge(h.host, {
      urls: { klereoUrl: vendor.klereoUrl },
      tcpReachable: (host) => host === '127.0.0.1',
    });
    await bridge.configure(
      klereoConfig({
        options: {
          ...DEFAULT_POOL_OPTIONS,
          tcp: { addresses: [`127.0.0.1:${port}`, 'example.com:1'], enabled: true },
        },
      }),
    );
    await until(() => lines.length > 0);
    const sent = JSON.parse(lines[0]!.trim()) as { values: { waterTemp: number } };
    expect(sent.values.waterTemp).toBeTypeOf('number');
    server.close();
  });

  it('reports notConfigured without credentials or a Klereo pool', async () => {
    const h = harness();
    bridge = new PoolBridge(h.host);
    await bridge.configure(klereoConfig({ selectedPool: null }));
    expect(bridge.snapshot().vendor.state).toBe('notConfigured');
    expect((h.published.at(-1) as { vendor: { state: string } }).vendor.state).toBe(
      'notConfigured',
    );
  });
});
