import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_POOL_OPTIONS, DEFAULT_TEMP_CONTROL } from '@atrium/contracts/pool';
import { FAKE_KLEREO_ACCOUNT } from '@atrium/gateway-agent/pool/fake-vendor';
import type { MatrixFixture, Sample } from './matrix-fixtures';
import { modulesOf } from './test-server';

/** The demo Klereo account of the simulated vendor cloud the hub runs for demo gateways. */
export const MATRIX_KLEREO = {
  type: 'klereo' as const,
  auth: {
    username: FAKE_KLEREO_ACCOUNT.username,
    password: createHash('sha1').update(FAKE_KLEREO_ACCOUNT.password).digest('hex'),
  },
};

/**
 * The matrix project's demo poolnx gateway as a Klereo pool with its credentials stored (as the
 * demo seed stores them: no vendor round trip per fixture).
 */
export async function seedPool(app: FastifyInstance, mac: string) {
  await modulesOf(app).pool.service.storeDemo(mac, {
    type: 'klereo',
    credentials: MATRIX_KLEREO.auth,
    selectedPool: null,
    options: DEFAULT_POOL_OPTIONS,
    POOL_to_KNX: [],
    KNX_to_POOL: [],
    tempControl: DEFAULT_TEMP_CONTROL,
  });
}

const onPool = (f: MatrixFixture, payload?: object): Sample => ({
  query: { mac: f.hub.demoPool.mac },
  ...(payload ? { payload } : {}),
});

/** One sample per pool route (document 2 §7, "Pool API"; issue 19). */
export const POOL_SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/poolnx/config': (f) => onPool(f),
  'POST /api/poolnx/update': (f) => onPool(f, { options: DEFAULT_POOL_OPTIONS }),
  'GET /api/poolnx/statusKeys': () => ({ query: { statusOrCmd: 'status', pooltype: 'klereo' } }),
  'POST /api/poolnx/init/type': (f) => onPool(f, { pool: FAKE_KLEREO_ACCOUNT.pools[0]!.id }),
  'POST /api/poolnx/auth': (f) => onPool(f, MATRIX_KLEREO),
  'GET /api/poolnx/klereo/poollist': (f) => onPool(f),
};
