/**
 * The gateway of the Modbus polling benchmark (bench/modbus-poll.bench.ts), in a process of
 * its own: one GatewayAgent on one MQTT connection, as `npm run sim -- --count 1` makes it
 * (apps/gateway-sim's Fleet, same link and timing), plus what the simulator cannot do:
 *
 * - `--telegrams N`: N KNX values a second over N group addresses (each sent once a second),
 *   gathered for `--batch-ms` (the Modbus outbox's 200 ms) and published in batches of at
 *   most 500 through `publishTelegrams`. The agent publishes a live telegram on its own
 *   (`publishTelegram`, one a publish), which the hub's 20 publishes/s per gateway cannot
 *   carry at 2,000/s: only what was recorded offline goes out in batches.
 * - the delay from each value's `t` to the cloud's PUBACK (sent after the commit), for
 *   telegrams and meter readings alike, reported on the IPC channel when asked.
 *
 * The Modbus configuration comes from the cloud (`modbus.config`), as for a real kloudnx.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PROTOCOL_LIMITS, type TelegramItem } from '@atrium/contracts/gateway-protocol';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { nextValue } from '@atrium/gateway-agent/knx-values';
import { LiteMqttLink } from '@atrium/gateway-agent/lite-mqtt-link';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import { parseCredentials } from '../apps/gateway-sim/src/credentials';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    credentials: { type: 'string', default: '' },
    telegrams: { type: 'string', default: '0' },
    'batch-ms': { type: 'string', default: '200' },
    client: { type: 'string', default: 'lite' },
  },
});
const [gw] = parseCredentials(readFileSync(args.credentials, 'utf8'));
if (!gw) throw new Error(`no gateway in ${args.credentials}`);
const rate = Number(args.telegrams);
const batchMs = Number(args['batch-ms']);

/** Value → PUBACK delays (ms) since the last report. */
let delays: number[] = [];
const acked = (items: readonly { t: number }[]) => {
  const now = Date.now();
  for (const item of items) delays.push(now - item.t);
};
const link =
  args.client === 'mqttjs'
    ? new MqttLink({ url: args.url, mac: gw.mac, secret: gw.secret })
    : new LiteMqttLink({ url: args.url, mac: gw.mac, secret: gw.secret });
const agent = new GatewayAgent({
  mac: gw.mac,
  type: gw.type ?? 'kloudnx',
  version: gw.version ?? '8.5.0',
  link,
  timing: { infoEveryMs: 5_000 },
  onAcked: (_mac, message) => acked(message.items),
  onModbusAcked: (_mac, message) => acked(message.items),
});
agent.start();

// The telegram load: N addresses 1/0/0 … (32 × 8 × 256 available), a mix of datapoint types.
const DPTS = ['9.001', '9.001', '1.001', '5.001', '7.001', '14.056'];
const addresses = Array.from({ length: Math.max(1, rate) }, (_, i) => ({
  ga: `${1 + Math.floor(i / 2048)}/${Math.floor(i / 256) % 8}/${i % 256}`,
  dpt: DPTS[i % DPTS.length] ?? '9.001',
}));
const last = new Map<string, number | boolean>();
const timers: NodeJS.Timeout[] = [];
if (rate > 0) {
  const started = Date.now();
  let made = 0;
  let pending: TelegramItem[] = [];
  // Values are made every 10 ms at the rate asked (a late timer makes up for it)...
  timers.push(
    setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - started) * rate) / 1000);
      for (; made < due; made++) {
        const a = addresses[made % addresses.length] ?? { ga: '1/0/0', dpt: '9.001' };
        const value = nextValue(a.dpt, last.get(a.ga), Math.random);
        last.set(a.ga, value);
        pending.push({ ga: a.ga, dpt: a.dpt, value, t: now });
      }
    }, 10),
  );
  // ...and published every batchMs, at most 500 a publish, as the Modbus outbox does.
  timers.push(
    setInterval(() => {
      if (!agent.link.connected) return;
      const max = PROTOCOL_LIMITS.maxTelegramsPerMessage;
      for (let i = 0; i < pending.length; i += max)
        void agent.publishTelegrams(pending.slice(i, i + max));
      pending = [];
    }, batchMs),
  );
}

process.on('message', (raw) => {
  if (raw !== 'delays') return;
  const sorted = Float64Array.from(delays).sort();
  delays = [];
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  process.send?.({
    count: sorted.length,
    p50: at(0.5) ?? null,
    p99: at(0.99) ?? null,
    max: sorted.at(-1) ?? null,
    connected: agent.link.connected,
    meters: agent.modbus.meterCount,
  });
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  timers.forEach((t) => clearInterval(t));
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
