import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reported, SimulatedPool } from './pool-model';

/**
 * A local HTTP server answering as Klereo Connect (`/klereo/php/…`) and PoolCopilot
 * (`/poolcop/api/v1/…`) do (domain README §5), over simulated pools (pool-model): what the
 * vendor clients' tests, the simulator and the demo point KLEREO_URL and POOLCOP_URL at
 * (decision 0031). Not a production module: accounts and keys are the fixed demo ones below
 * unless told others.
 */

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export interface FakeKlereoAccount {
  username: string;
  /** The clear password (the server compares its SHA-1, as Klereo does). */
  password: string;
  pools: { id: string; name: string }[];
}
export interface FakePoolcopAccount {
  apikey: string;
  poolId: string;
}

/** The demo accounts: what the console's browser test and the seeded demo sign in with. */
export const FAKE_KLEREO_ACCOUNT: FakeKlereoAccount = {
  username: 'demo',
  password: 'Demo1234',
  pools: [
    { id: '4242', name: 'Piscine familiale' },
    { id: '4243', name: 'Spa du jardin' },
  ],
};
export const FAKE_POOLCOP_ACCOUNT: FakePoolcopAccount = {
  apikey: 'demo-poolcop-key-0001',
  poolId: '1001',
};

export interface FakeVendorOptions {
  port?: number;
  host?: string;
  klereo?: FakeKlereoAccount[];
  poolcop?: FakePoolcopAccount[];
  now?: () => number;
  random?: () => number;
  /** Klereo's JWT lifetime (about an hour). */
  jwtTtlMs?: number;
  /** PoolCop: calls a key may make per window, and the window. */
  poolcopQuota?: number;
  poolcopWindowMs?: number;
}

export interface FakeVendor {
  url: string;
  /** KLEREO_URL and POOLCOP_URL for this server. */
  klereoUrl: string;
  poolcopUrl: string;
  /** The simulated pools by id (Klereo idSystem, PoolCop id). */
  pools: Map<string, SimulatedPool>;
  /** Every request answers 503 while set (a vendor outage). */
  outage: boolean;
  /** Requests seen, by path (tests count logins). */
  hits: Map<string, number>;
  /** Ends the current JWTs and tokens now (as if the hour passed). */
  expireTokens(): void;
  close(): Promise<void>;
}

interface Session {
  owner: string;
  expiresAt: number;
}

const KLEREO_OUTS = [
  'lighting',
  'filtration',
  'phCorrector',
  'disinfectant',
  'heating',
  'aux1',
] as const;

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
      if (text.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function klereoDetails(pool: SimulatedPool, id: string) {
  const s = reported(pool.state);
  const probe = (index: number, type: number, value: number) => ({
    index,
    type,
    filteredValue: value,
    directValue: value,
    seuilMin: null,
    seuilMax: null,
  });
  return {
    idSystem: Number(id),
    probes: [
      probe(0, 0, s.techRoomTemp),
      probe(1, 1, s.airTemp),
      probe(2, 2, s.waterLevel),
      probe(3, 3, s.pH),
      probe(4, 4, s.redox),
      probe(5, 5, s.waterTemp),
      probe(6, 6, s.pressure),
      probe(7, 14, s.chlorine),
    ],
    outs: KLEREO_OUTS.map((name, index) => ({
      index,
      type: index,
      mode: name === 'filtration' ? s.filtrationMode : 0,
      status: s[name] ? 1 : 0,
    })),
    params: { ConsigneEau: s.setpoint },
    alertCount: s.alarm ? 1 : 0,
  };
}

function poolcopStatus(pool: SimulatedPool) {
  const s = reported(pool.state);
  return {
    PoolCop: {
      temperature: { water: s.waterTemp, air: s.airTemp },
      pressure: s.pressure,
      pH: s.pH,
      orp: s.redox,
      ioniser: 0,
      voltage: s.voltage,
      waterlevel: s.waterLevel < 70 ? 1 : 0,
      status: {
        valveposition: s.valvePosition,
        pumpspeed: s.pumpSpeed,
        poolcop: 1,
        pump: s.filtration ? 1 : 0,
        watervalve: 0,
        forced: s.filtrationMode === 0 ? 1 : 0,
      },
      aux: [
        { numaux: 1, status: s.aux1 ? 1 : 0, label: 'Aux 1' },
        { numaux: 2, status: s.heating ? 1 : 0, label: 'Heater' },
      ],
      alarms: { count: s.alarm ? 1 : 0 },
      settings: {},
    },
  };
}

/** Starts the fake vendor clouds on `host:port` (loopback, any free port by default). */
export async function startFakeVendor(o: FakeVendorOptions = {}): Promise<FakeVendor> {
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const klereo = o.klereo ?? [FAKE_KLEREO_ACCOUNT];
  const poolcop = o.poolcop ?? [FAKE_POOLCOP_ACCOUNT];
  const jwtTtlMs = o.jwtTtlMs ?? 3_600_000;
  const quota = o.poolcopQuota ?? 1_000;
  const windowMs = o.poolcopWindowMs ?? 3_600_000;
  const pools = new Map<string, SimulatedPool>();
  for (const a of klereo)
    for (const p of a.pools) pools.set(p.id, new SimulatedPool(now(), random));
  for (const a of poolcop) pools.set(a.poolId, new SimulatedPool(now(), random));
  const sessions = new Map<string, Session>();
  const usage = new Map<string, { count: number; resetAt: number }>();
  const hits = new Map<string, number>();
  let cmd = 1;

  const poolOf = (id: string) => {
    const pool = pools.get(id);
    pool?.advance(now());
    return pool;
  };
  const session = (token: string | undefined) => {
    const s = token ? sessions.get(token) : undefined;
    return s && s.expiresAt > now() ? s : undefined;
  };
  const newSession = (owner: string) => {
    const token = randomBytes(24).toString('base64url');
    sessions.set(token, { owner, expiresAt: now() + jwtTtlMs });
    return token;
  };

  async function klereoRoute(path: string, req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (path === 'GetJWT.php') {
      const account = klereo.find(
        (a) => a.username === body.get('login') && sha1(a.password) === body.get('password'),
      );
      if (!account) return send(res, 200, { status: 'error', detail: 'bad login or password' });
      return send(res, 200, { status: 'ok', jwt: newSession(`k:${account.username}`) });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const s = session(bearer);
    if (!s) return send(res, 401, { status: 'error', detail: 'token expired' });
    const account = klereo.find((a) => `k:${a.username}` === s.owner)!;
    const ok = (response: unknown) => send(res, 200, { status: 'ok', response });
    const owned = (id: string | null) => account.pools.some((p) => p.id === id);
    switch (path) {
      case 'GetIndex.php':
        return ok(account.pools.map((p) => ({ idSystem: Number(p.id), poolNickname: p.name })));
      case 'GetPoolDetails.php': {
        const id = body.get('poolID');
        if (!owned(id)) return send(res, 200, { status: 'error', detail: 'unknown pool' });
        return ok([klereoDetails(poolOf(id!)!, id!)]);
      }
      case 'SetOut.php': {
        const id = body.get('poolID');
        const out = KLEREO_OUTS[Number(body.get('outIdx'))];
        if (!owned(id) || !out) return send(res, 200, { status: 'error', detail: 'bad command' });
        const pool = poolOf(id!)!;
        const on = body.get('newState') === '1';
        if (out === 'filtration') {
          if (body.get('newMode') === '1') pool.filtrationAuto();
          else pool.setFiltration(on);
        } else pool.state[out] = on;
        return ok([{ cmdID: cmd++ }]);
      }
      case 'WaitCommand.php':
        return ok({ status: 9, cmdID: Number(body.get('cmdID')) });
      case 'SetParam.php': {
        const id = body.get('poolID');
        const value = Number(body.get('newValue'));
        if (!owned(id) || body.get('paramID') !== 'ConsigneEau' || !Number.isFinite(value))
          return send(res, 200, { status: 'error', detail: 'bad parameter' });
        poolOf(id!)!.state.setpoint = value;
        return ok([{ cmdID: cmd++ }]);
      }
      default:
        return send(res, 404, { status: 'error', detail: 'not found' });
    }
  }

  function quotaHeaders(key: string): { headers: Record<string, string>; spent: boolean } {
    let u = usage.get(key);
    if (!u || u.resetAt <= now()) {
      u = { count: 0, resetAt: now() + windowMs };
      usage.set(key, u);
    }
    u.count++;
    return {
      spent: u.count > quota,
      headers: {
        'RateLimit-Limit': String(quota),
        'RateLimit-Remaining': String(Math.max(0, quota - u.count)),
        'RateLimit-Expire': String(Math.ceil(u.resetAt / 1000)),
      },
    };
  }

  async function poolcopRoute(path: string, req: IncomingMessage, res: ServerResponse) {
    if (path === 'token' && req.method === 'POST') {
      const key = (await readBody(req)).get('APIKEY') ?? '';
      const account = poolcop.find((a) => a.apikey === key);
      if (!account) return send(res, 403, { error: 'Invalid API key' });
      const q = quotaHeaders(key);
      if (q.spent) return send(res, 429, { error: 'Quota exceeded' }, q.headers);
      const token = newSession(`p:${key}`);
      return send(
        res,
        200,
        {
          token,
          api_token: {
            max_limit: quota,
            expire: Math.floor((now() + jwtTtlMs) / 1000),
            poolcop_id: Number(account.poolId),
          },
        },
        q.headers,
      );
    }
    const header = req.headers['poolcop-token'];
    const s = session(typeof header === 'string' ? header : undefined);
    if (!s) return send(res, 401, { error: 'Invalid or expired token' });
    const key = s.owner.slice(2);
    const account = poolcop.find((a) => a.apikey === key)!;
    const q = quotaHeaders(key);
    if (q.spent) return send(res, 429, { error: 'Quota exceeded' }, q.headers);
    const pool = poolOf(account.poolId)!;
    const done = () => send(res, 200, { status: 'ok' }, q.headers);
    if (path === 'status' && req.method === 'GET')
      return send(res, 200, poolcopStatus(pool), q.headers);
    if (req.method !== 'POST') return send(res, 404, { error: 'Not found' });
    const parts = path.split('/');
    if (path === 'command/pump') {
      pool.setFiltration(!pool.state.filtration);
      return done();
    }
    if (parts[0] === 'command' && parts[1] === 'pump' && /^[1-3]$/.test(parts[2] ?? '')) {
      pool.setPumpSpeed(Number(parts[2]));
      return done();
    }
    if (parts[0] === 'command' && parts[1] === 'aux' && (parts[2] === '1' || parts[2] === '2')) {
      if (parts[2] === '1') pool.state.aux1 = !pool.state.aux1;
      else pool.state.heating = !pool.state.heating;
      return done();
    }
    if (path === 'command/clear_alarm') {
      pool.state.alarm = false;
      return done();
    }
    return send(res, 404, { error: 'Not found' });
  }

  const vendor: FakeVendor = {
    url: '',
    klereoUrl: '',
    poolcopUrl: '',
    pools,
    outage: false,
    hits,
    expireTokens: () => sessions.clear(),
    close: () => new Promise((r) => server.close(() => r())),
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (vendor.outage) return send(res, 503, { error: 'Service unavailable' });
    const run = path.startsWith('/klereo/php/')
      ? klereoRoute(path.slice('/klereo/php/'.length), req, res)
      : path.startsWith('/poolcop/api/v1/')
        ? poolcopRoute(path.slice('/poolcop/api/v1/'.length), req, res)
        : Promise.resolve(send(res, 404, { error: 'Not found' }));
    run.catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'Internal error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  vendor.url = `http://${o.host ?? '127.0.0.1'}:${port}`;
  vendor.klereoUrl = `${vendor.url}/klereo/php`;
  vendor.poolcopUrl = `${vendor.url}/poolcop/api/v1`;
  return vendor;
}
