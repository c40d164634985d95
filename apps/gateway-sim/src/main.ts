/**
 * `npm run sim -- --count 100 --types kloudnx,poolnx --url mqtt://localhost:1883 --credentials FILE`
 * runs many simulated gateways in one process (see README of apps/gateway-sim and
 * docs/gateway-protocol.md). Prints a status line every few seconds; stops on SIGINT/SIGTERM;
 * SIGUSR2 stops the telegrams only.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { parseCredentials } from './credentials';
import { startEnergyMeter } from '@atrium/gateway-agent/local/energy-meter';
import { startFakeVendor } from '@atrium/gateway-agent/pool/fake-vendor';
import { Fleet } from './fleet';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    types: { type: 'string', default: 'kloudnx' },
    url: { type: 'string', default: 'mqtt://localhost:1883' },
    credentials: { type: 'string' },
    version: { type: 'string', default: '8.5.0' },
    'info-every': { type: 'string', default: '5' },
    'telegram-rate': { type: 'string', default: '0' },
    monitor: { type: 'string', default: '' },
    'connect-rate': { type: 'string', default: '500' },
    'acked-log': { type: 'string' },
    // "S:R": S seconds after the start, every gateway sends R telegrams/s (the overload test).
    'rate-change': { type: 'string' },
    'status-every': { type: 'string', default: '5' },
    client: { type: 'string', default: 'mqttjs' },
    'modbus-meter': { type: 'string' },
    // poolnx (issue 19): the vendor clouds, else a simulated Klereo and PoolCop on loopback
    // (port 0: any free one; printed as FAKE_VENDOR).
    'klereo-url': { type: 'string', default: process.env.KLEREO_URL },
    'poolcop-url': { type: 'string', default: process.env.POOLCOP_URL },
    'fake-vendor': { type: 'string' },
  },
});

const args = z
  .object({
    count: z.coerce.number().int().min(1),
    types: z.string().transform((s) => z.array(z.enum(GATEWAY_TYPES)).min(1).parse(s.split(','))),
    url: z.string().regex(/^(mqtts?|wss?):\/\//),
    credentials: z.string({ error: '--credentials FILE is required' }),
    version: z.string(),
    'info-every': z.coerce.number().positive(),
    'telegram-rate': z.coerce.number().min(0),
    monitor: z.string().transform((s) =>
      s
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [ga = '', dpt = '1.001'] = pair.split(':');
          return { ga, dpt };
        }),
    ),
    'connect-rate': z.coerce.number().positive(),
    'acked-log': z.string().optional(),
    'rate-change': z
      .string()
      .regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/, '--rate-change is SECONDS:RATE')
      .transform((s) => s.split(':').map(Number) as [number, number])
      .optional(),
    'status-every': z.coerce.number().positive(),
    client: z.enum(['mqttjs', 'lite']),
    'modbus-meter': z.coerce.number().int().min(0).max(65535).optional(),
    'klereo-url': z.url().optional(),
    'poolcop-url': z.url().optional(),
    'fake-vendor': z.coerce.number().int().min(0).max(65535).optional(),
  })
  .parse(values);

// A Modbus TCP energy meter on loopback: meters configured at 127.0.0.1 and this port are
// polled by the simulated kloudnx gateways (register map in docs/gateway-protocol.md).
const meterPort = args['modbus-meter'];
const meter = meterPort === undefined ? undefined : await startEnergyMeter({ port: meterPort });
if (meter) console.log(`MODBUS_METER ${meter.host}:${meter.port}`);

// Pool gateways read Klereo or PoolCop: the given clouds, else simulated ones on loopback
// (accounts in packages/gateway-agent/src/pool/fake-vendor.ts: demo / Demo1234, key
// demo-poolcop-key-0001).
const wantsPools = args.types.includes('poolnx') && (!args['klereo-url'] || !args['poolcop-url']);
const vendor =
  args['fake-vendor'] !== undefined || wantsPools
    ? await startFakeVendor({ port: args['fake-vendor'] ?? 0 })
    : undefined;
if (vendor) console.log(`FAKE_VENDOR ${vendor.url}`);
const pool = {
  urls: {
    ...(vendor ? { klereoUrl: vendor.klereoUrl, poolcopUrl: vendor.poolcopUrl } : {}),
    ...(args['klereo-url'] ? { klereoUrl: args['klereo-url'] } : {}),
    ...(args['poolcop-url'] ? { poolcopUrl: args['poolcop-url'] } : {}),
  },
};

const ackedLog = args['acked-log'];
const fleet = new Fleet({
  url: args.url,
  credentials: parseCredentials(readFileSync(args.credentials, 'utf8')),
  count: args.count,
  types: args.types,
  version: args.version,
  timing: { infoEveryMs: args['info-every'] * 1000, telegramsPerSecond: args['telegram-rate'] },
  monitor: args.monitor,
  connectRate: args['connect-rate'],
  client: args.client,
  pool,
  // One line per acknowledged telegram: the fault test checks each is stored.
  onAcked: ackedLog
    ? (mac, m) => appendFileSync(ackedLog, m.items.map((i) => `${mac} ${i.ga} ${i.t}\n`).join(''))
    : undefined,
});

const status = setInterval(() => {
  console.log(
    `SIM ${JSON.stringify({ gateways: fleet.agents.length, connected: fleet.connected, acked: fleet.acked, modbusAcked: fleet.modbusAcked, made: fleet.made, overflowed: fleet.overflowed })}`,
  );
}, args['status-every'] * 1000);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearInterval(status);
  void Promise.all([fleet.stop(), meter?.close(), vendor?.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// SIGUSR2: the telegrams stop (info and replies go on), e.g. so a benchmark can count them all.
process.on('SIGUSR2', () => {
  fleet.setTelegramRate(0);
  console.log('SIM_RATE 0');
});
const rateChange = args['rate-change'];
if (rateChange) {
  const [after, rate] = rateChange;
  setTimeout(() => {
    fleet.setTelegramRate(rate);
    console.log(`SIM_RATE ${rate}`);
  }, after * 1000).unref();
}
await fleet.start();
console.log(`SIM_STARTED ${fleet.agents.length}`);
