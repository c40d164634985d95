import { createHash } from 'node:crypto';
import { FAKE_KLEREO_ACCOUNT } from '@atrium/gateway-agent/pool/fake-vendor';
import type { PoolModule } from '../modules/pool/pool.module';

/** The demo's pool controller: "Piscine" of Villa Rose (see demo-projects), a Klereo pool. */
export const DEMO_POOL_GATEWAY = 'a4b1c2001002';

const row = (name: string, address: string, dpt: string) => ({ name, address, enabled: true, dpt });

/**
 * The demo pool (issue 19): the Klereo account of the simulated vendor cloud the hub runs
 * for demo gateways, its first pool, values on 2/3/x, commands on 2/4/x, options on 2/5/x and
 * the thermostat on 2/6/x (the demo building's own pool curves stay on 2/1 and 2/2).
 */
export async function seedDemoPool(modules: { pool: Pick<PoolModule, 'service'> }) {
  await modules.pool.service.storeDemo(DEMO_POOL_GATEWAY, {
    type: 'klereo',
    credentials: {
      username: FAKE_KLEREO_ACCOUNT.username,
      password: createHash('sha1').update(FAKE_KLEREO_ACCOUNT.password).digest('hex'),
    },
    selectedPool: FAKE_KLEREO_ACCOUNT.pools[0]!.id,
    POOL_to_KNX: [
      row('waterTemp', '2/3/1', '9.001'),
      row('airTemp', '2/3/2', '9.001'),
      row('pH', '2/3/3', '14.000'),
      row('redox', '2/3/4', '9.020'),
      row('filterPressure', '2/3/5', '7.001'),
      row('filtration', '2/3/6', '1.001'),
      row('lighting', '2/3/7', '1.001'),
      row('heating', '2/3/8', '1.001'),
      row('setpoint', '2/3/9', '9.001'),
    ],
    KNX_to_POOL: [
      row('filtration', '2/4/1', '1.001'),
      row('filtrationAuto', '2/4/2', '1.001'),
      row('lighting', '2/4/3', '1.001'),
      row('heating', '2/4/4', '1.001'),
      row('setpoint', '2/4/5', '9.001'),
    ],
    options: {
      refresh_knx: { address: '2/5/0', enabled: true },
      refresh_auto: { time: 10, enabled: true },
      error: { address: '2/5/1', enabled: true },
      watchdog_knx: { address: '2/5/2', enabled: true },
      tcp: { addresses: [], enabled: false },
    },
    tempControl: {
      control: { address: '2/6/0' },
      currentTemp: { address: '' },
      setpoint: { address: '2/6/1' },
      setpointFeedback: { address: '2/6/2' },
      controlFeedback: { address: '2/6/3' },
      hysteresis: 1,
      enabled: true,
    },
  });
}
