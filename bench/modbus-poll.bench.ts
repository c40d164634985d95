/**
 * Modbus polling benchmark (issue 15): one kloudnx gateway polling 100 meters × 20 values each
 * every second over Modbus TCP, against the telegram path at the same number of values a
 * second. Real processes on loopback: the server (bench/hub-server.ts, one seeded gateway on a
 * fresh DATA_DIR) and the gateway agent (bench/modbus-poll-agent.ts: one GatewayAgent, the
 * simulator's light MQTT link); the Modbus TCP energy meter (startEnergyMeter) runs in this
 * process, so its CPU is neither the agent's nor the server's.
 *
 * Run A (Modbus): the meters are configured through the API (POST
 * /api/gateway/monitored/modbus/{mac}, the wizard's save; the server sends `modbus.config`),
 * each at 127.0.0.1:<meter port>, interval 1 s, 20 values over registers 0–16 (every numeric
 * type and byte order, FC 3 and 4, overlapping). Run B (telegrams): the same processes fresh,
 * the agent making as many KNX values a second over as many group addresses, batched every
 * 200 ms as the Modbus outbox batches. After a settling time, over a steady window: the CPU of
 * the agent's and of the server's process (/proc/{pid}/stat, every thread), the values the hub
 * accepted (/api/hub/stats), and the delay from a value's `t` to the PUBACK the agent gets
 * after the commit. Target: the Modbus path's CPU per value ≤ 1.5 × the telegram path's, for
 * the agent and for the server.
 * Knobs: MODBUS_POLL_BENCH_METERS (100), MODBUS_POLL_BENCH_VALUES (20), MODBUS_POLL_BENCH_SECONDS
 * (30), MODBUS_POLL_BENCH_SETTLE (5 s), MODBUS_POLL_BENCH_CLIENT (lite | mqttjs),
 * MODBUS_POLL_BENCH_PROFILE=DIR (a V8 CPU profile of the agent of each run).
 * Run alone: `node --import tsx bench/modbus-poll.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { ModbusWizardConfiguration } from '@atrium/contracts/modbus';
import { startEnergyMeter, type EnergyMeter } from '@atrium/gateway-agent/local/energy-meter';
import { freePort } from '../apps/server/test/postgres-cluster';
import { benchGateway, exited, hubStats, startHubServer, waitOnline } from './hub-processes';
import { envNumber, profileFlags } from './knobs';

const METERS = envNumber('MODBUS_POLL_BENCH_METERS', 100);
const VALUES = envNumber('MODBUS_POLL_BENCH_VALUES', 20);
const STEADY_SECONDS = envNumber('MODBUS_POLL_BENCH_SECONDS', 30);
const SETTLE_SECONDS = envNumber('MODBUS_POLL_BENCH_SETTLE', 5);
const CLIENT = process.env.MODBUS_POLL_BENCH_CLIENT ?? 'lite';
/** MODBUS_POLL_BENCH_PROFILE=DIR: a V8 CPU profile of the agent process of each run, in DIR. */
const PROFILE = profileFlags('MODBUS_POLL_BENCH_PROFILE');
const INTERVAL_SECONDS = 1;
const VALUES_PER_SECOND = (METERS * VALUES) / INTERVAL_SECONDS;
const TARGET_RATIO = 1.5;
const TICK = 100; // clock ticks per second in /proc/{pid}/stat
const ROOT = resolve(import.meta.dirname, '..');

type Spec = Omit<ModbusWizardConfiguration['values'][number], 'id' | 'name' | 'unit'>;
const spec = (
  functionCode: 3 | 4,
  registerAddress: number,
  dataType: Spec['dataType'],
  swapBytes = false,
  swapWords = false,
  scaleFactor = 1,
): Spec => ({
  functionCode,
  registerAddress,
  dataType,
  wordLength: dataType.endsWith('16') ? 1 : 2,
  unitID: 1,
  scaleFactor,
  swapBytes,
  swapWords,
});

/**
 * A meter's values over the simulated meter's registers 0–16 (docs/gateway-protocol.md): its
 * own ones as the map says, then other readings of the same registers (the serial number's as
 * integers), all finite whatever the registers hold. FC 3 reads 0–16 in one request, FC 4 0–10
 * in another.
 */
const METER_VALUES: Spec[] = [
  spec(3, 0, 'FLOAT32'), // voltage ABCD
  spec(3, 2, 'FLOAT32', false, true), // current CDAB
  spec(3, 4, 'INT32', true, false), // power BADC
  spec(3, 6, 'UINT32', true, true), // energy DCBA, Wh
  spec(3, 6, 'UINT32', true, true, 0.001), // energy, kWh
  spec(3, 8, 'UINT16', false, false, 0.01), // frequency
  spec(3, 8, 'INT16'),
  spec(3, 0, 'UINT16'),
  spec(3, 1, 'INT16', true),
  spec(3, 9, 'UINT32'),
  spec(3, 11, 'INT32', false, true),
  spec(3, 13, 'UINT16', true, false, 0.1),
  spec(3, 15, 'INT32', true, true),
  spec(3, 16, 'UINT16'),
  spec(4, 0, 'FLOAT32', false, false, 0.1),
  spec(4, 2, 'UINT32', false, true),
  spec(4, 4, 'INT32', true, false, 0.001),
  spec(4, 5, 'UINT16'),
  spec(4, 7, 'UINT32'),
  spec(4, 9, 'INT16', false, false, 10),
];

/** The wizard's body: METERS meters at the meter's address, VALUES values each. */
function configuration(meter: EnergyMeter): ModbusWizardConfiguration[] {
  return Array.from({ length: METERS }, (_, m) => ({
    name: `Meter ${m + 1}`,
    network: { ip: meter.host, port: meter.port },
    enabled: true,
    interval: INTERVAL_SECONDS,
    values: Array.from({ length: VALUES }, (_, v) => ({
      ...(METER_VALUES[v % METER_VALUES.length] ?? spec(3, 0, 'UINT16')),
      name: `Value ${v + 1}`,
    })),
  }));
}

/** CPU seconds of a process (every thread), from /proc: user and system (the kernel's). */
function cpuOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const [user, system] = [Number(stat[11]) / TICK, Number(stat[12]) / TICK];
  return { user, system, total: user + system };
}

const delayReport = z.object({
  count: z.number(),
  p50: z.number().nullable(),
  p99: z.number().nullable(),
  max: z.number().nullable(),
  connected: z.boolean(),
  meters: z.number(),
});
type DelayReport = z.infer<typeof delayReport>;

/** The agent process (bench/modbus-poll-agent.ts), asked over IPC for its PUBACK delays. */
function startAgent(args: string[]) {
  const child = spawn(
    process.execPath,
    [...PROFILE, '--import', 'tsx', join(ROOT, 'bench/modbus-poll-agent.ts'), ...args],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const report = () =>
    new Promise<DelayReport>((res, reject) => {
      const timer = setTimeout(() => reject(new Error('the agent did not report')), 10_000);
      child.once('message', (m) => {
        clearTimeout(timer);
        res(delayReport.parse(m));
      });
      child.send('delays');
    });
  return { child, report };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figures {
  name: string;
  values: number;
  valuesPerSecond: number;
  agentCpuPercent: number;
  /** The share of the agent's CPU spent in the kernel (socket reads and writes). */
  agentSystemShare: number;
  agentUsPerValue: number;
  serverCpuPercent: number;
  serverUsPerValue: number;
  delays: DelayReport;
}

async function measure(kind: 'modbus' | 'telegrams', meter: EnergyMeter): Promise<Figures> {
  const name = kind === 'modbus' ? 'Modbus polling' : 'KNX telegrams';
  const dir = mkdtempSync(join(tmpdir(), 'atrium-modbus-poll-bench-'));
  const children: ChildProcess[] = [];
  try {
    const [port, mqttPort] = [await freePort(), await freePort()];
    const server = await startHubServer({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      HUB_GATEWAYS: '1',
      HUB_RULES: '0',
      MQTT_PORT: String(mqttPort),
    });
    children.push(server.child);
    const { token } = server.ready;
    const agent = startAgent([
      '--url',
      `mqtt://127.0.0.1:${mqttPort}`,
      '--credentials',
      server.ready.credentials,
      '--client',
      CLIENT,
      '--telegrams',
      kind === 'telegrams' ? String(VALUES_PER_SECOND) : '0',
    ]);
    children.push(agent.child);
    await waitOnline(port, token, 1, 60_000);
    if (kind === 'modbus') {
      const { mac } = benchGateway(0);
      const res = await fetch(`http://127.0.0.1:${port}/api/gateway/monitored/modbus/${mac}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(configuration(meter)),
      });
      if (!res.ok) throw new Error(`Modbus configuration: ${res.status} ${await res.text()}`);
      const saved = z.object({ sent: z.boolean() }).parse(await res.json());
      console.log(`${name}: ${METERS} meters × ${VALUES} values saved (sent: ${saved.sent})`);
      const until = Date.now() + 20_000;
      while ((await agent.report()).meters < METERS) {
        if (Date.now() > until) throw new Error(`the agent is not polling ${METERS} meters`);
        await sleep(250);
      }
    }
    await sleep(SETTLE_SECONDS * 1000);
    const [agentPid, serverPid] = [agent.child.pid ?? 0, server.child.pid ?? 0];
    await agent.report(); // the delays from here on
    const s0 = await hubStats(port, token);
    const [a0, v0, t0] = [cpuOf(agentPid), cpuOf(serverPid), Date.now()];
    await sleep(STEADY_SECONDS * 1000);
    const [a1, v1, t1] = [cpuOf(agentPid), cpuOf(serverPid), Date.now()];
    const s1 = await hubStats(port, token);
    const delays = await agent.report();
    const wall = (t1 - t0) / 1000;
    const values = (s1.accepted[kind] ?? 0) - (s0.accepted[kind] ?? 0);
    const counters = await fetch(`http://127.0.0.1:${port}/api/hub/stats`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    console.log(`${name}: hub counters ${JSON.stringify(counters)}`);
    return {
      name,
      values,
      valuesPerSecond: values / wall,
      agentCpuPercent: ((a1.total - a0.total) / wall) * 100,
      agentSystemShare: (a1.system - a0.system) / (a1.total - a0.total || 1),
      agentUsPerValue: ((a1.total - a0.total) / values) * 1e6,
      serverCpuPercent: ((v1.total - v0.total) / wall) * 100,
      serverUsPerValue: ((v1.total - v0.total) / values) * 1e6,
      delays,
    };
  } finally {
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await Promise.race([exited(c), sleep(10_000)]);
      c.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (x: number | null) => (x === null ? '—' : `${Math.round(x)} ms`);

export async function main(): Promise<boolean> {
  console.log(
    `${METERS} meters × ${VALUES} values every ${INTERVAL_SECONDS} s (${VALUES_PER_SECOND} values/s) against as many telegrams/s; ${SETTLE_SECONDS} s settling, ${STEADY_SECONDS} s measured`,
  );
  const meter = await startEnergyMeter({ port: 0 });
  const results: Figures[] = [];
  try {
    for (const kind of ['modbus', 'telegrams'] as const) {
      const f = await measure(kind, meter);
      console.log(JSON.stringify(f));
      results.push(f);
    }
  } finally {
    await meter.close();
  }
  const [modbus, telegrams] = results;
  if (!modbus || !telegrams) return false;
  console.log(
    '\n| run | values/s | agent CPU (kernel share) | agent µs/value | server CPU | server µs/value | value → PUBACK p50 / p99 (max) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of results) {
    const d = f.delays;
    console.log(
      `| ${f.name} | ${f.valuesPerSecond.toFixed(0)} | ${f.agentCpuPercent.toFixed(1)} % (${(f.agentSystemShare * 100).toFixed(0)} %) | ${f.agentUsPerValue.toFixed(1)} | ${f.serverCpuPercent.toFixed(1)} % | ${f.serverUsPerValue.toFixed(1)} | ${ms(d.p50)} / ${ms(d.p99)} (${ms(d.max)}) |`,
    );
  }
  const agentRatio = modbus.agentUsPerValue / telegrams.agentUsPerValue;
  const serverRatio = modbus.serverUsPerValue / telegrams.serverUsPerValue;
  // Both runs must have carried the load, else a ratio says nothing.
  const carried = results.every((f) => f.valuesPerSecond >= 0.95 * VALUES_PER_SECOND);
  const met = carried && agentRatio <= TARGET_RATIO && serverRatio <= TARGET_RATIO;
  console.log(
    `\nCPU per value, Modbus / telegrams: agent ${agentRatio.toFixed(2)}, server ${serverRatio.toFixed(2)} (target ≤ ${TARGET_RATIO} each)${carried ? '' : `; a run carried under 95 % of ${VALUES_PER_SECOND} values/s`}: ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;
