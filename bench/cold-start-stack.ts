/**
 * What the cold-start and consoles benchmarks run beside the server, chosen by knobs:
 * BENCH_BROKER (embedded: the server's aedes in its thread; mosquitto: Debian's, the server
 * behind MQTT_URL) and BENCH_DB (sqlite: a file in DATA_DIR; postgres: a throw-away Debian
 * cluster). Also the simulator fleets (apps/gateway-sim with the light link, whose reconnect
 * back-off and jitter are the gateway agent's, docs/gateway-protocol.md) and /proc readings.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startPostgres } from '../apps/server/test/postgres-cluster';
import { MOSQUITTO, mosquittoConfig } from '../apps/server/test/mosquitto';
import { benchGateway, exited, startSim } from './hub-processes';
import { BENCH_MONITOR } from './hub-rules';
import { envNumber } from './knobs';

export type Broker = 'embedded' | 'mosquitto';
export type Database = 'sqlite' | 'postgres';

/** A knob among fixed words; anything else stops the run. */
export function envChoice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const found = choices.find((c) => c === raw);
  if (!found) throw new Error(`${name}=${raw}: one of ${choices.join(', ')}`);
  return found;
}

/** The brokers a run measures: BENCH_BROKER, else both. */
export const brokersOfRun = (): Broker[] =>
  process.env.BENCH_BROKER
    ? [envChoice('BENCH_BROKER', ['embedded', 'mosquitto'] as const, 'embedded')]
    : ['embedded', 'mosquitto'];

export const databaseOfRun = (): Database =>
  envChoice('BENCH_DB', ['sqlite', 'postgres'] as const, 'sqlite');

export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const TICK = 100; // clock ticks per second in /proc/{pid}/stat

/** CPU seconds and RSS (MiB) of a process, from /proc, with RSS split as the kernel counts it. */
export function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) / TICK;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  // anon: heaps and malloc; file: mapped code and files; shmem: SQLite's -shm index.
  return {
    cpu,
    rss: mib('VmRSS'),
    split: { anon: mib('RssAnon'), file: mib('RssFile'), shmem: mib('RssShmem') },
  };
}

/** The CPU seconds of those processes still running (one that died counts for nothing). */
export const cpuOfRunning = (children: readonly ChildProcess[]) =>
  children.reduce((sum, c) => sum + (c.exitCode === null ? usage(c.pid ?? 0).cpu : 0), 0);

/**
 * The hub session's window at mosquitto (decision 0041's 10,000 in flight + 40,000 queued
 * unless `BENCH_MOSQUITTO_INFLIGHT` / `BENCH_MOSQUITTO_QUEUED` say otherwise): a newer
 * mosquitto than Debian 12's (`MOSQUITTO_PATH`) may hold a longer queue (decision 0067).
 */
const mosquittoWindow = () => ({
  inflight: envNumber('BENCH_MOSQUITTO_INFLIGHT', 10_000),
  queued: envNumber('BENCH_MOSQUITTO_QUEUED', 40_000),
});

/** mosquitto (`MOSQUITTO_PATH`, else Debian's) with `gateways` bench gateways in its password file, on a fixed port (restartable). */
export class Mosquitto {
  child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(dir: string, gateways: number): Promise<Mosquitto> {
    const lines = ['atrium-hub:bench-hub-secret'];
    for (let i = 0; i < gateways; i++) {
      const { mac, secret } = benchGateway(i);
      lines.push(`${mac}:${secret}`);
    }
    writeFileSync(join(dir, 'passwd'), `${lines.join('\n')}\n`, { mode: 0o644 });
    execFileSync('/usr/bin/mosquitto_passwd', ['-U', join(dir, 'passwd')]);
    // The hub's user also reads mosquitto's $SYS counters here: the benchmarks report its drops.
    writeFileSync(
      join(dir, 'acl'),
      'user atrium-hub\ntopic readwrite nx/#\ntopic read $SYS/#\n\npattern readwrite nx/%u/#\n',
      { mode: 0o644 },
    );
    const port = await freePort();
    writeFileSync(
      join(dir, 'mosquitto.conf'),
      `${mosquittoConfig({ port, dir, hubUser: 'atrium-hub', window: mosquittoWindow() })}max_connections -1\n`,
    );
    execFileSync('chmod', ['-R', 'a+rX', dir]);
    const broker = new Mosquitto(port, dir);
    await broker.run();
    return broker;
  }

  get hubUrl() {
    return `mqtt://atrium-hub:bench-hub-secret@127.0.0.1:${this.port}`;
  }

  async run() {
    this.child = spawn(MOSQUITTO, ['-c', join(this.dir, 'mosquitto.conf')], {
      stdio: 'ignore',
    });
    await new Promise((r) => setTimeout(r, 500));
  }

  async stop() {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await exited(this.child);
    this.child = undefined;
  }
}

/** The environment the server needs for the broker and database of a run, and how to stop them. */
export async function startStack(dir: string, broker: Broker, db: Database, gateways: number) {
  const pg = db === 'postgres' ? await startPostgres() : undefined;
  const mosquitto = broker === 'mosquitto' ? await Mosquitto.start(dir, gateways) : undefined;
  const mqttPort = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    // The SSH endpoint of remote access on any free port: another server may hold 2222.
    TUNNEL_PORT: '0',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...(mosquitto
      ? { MQTT_URL: mosquitto.hubUrl }
      : { MQTT_PORT: String(mqttPort), MQTT_BROKER_THREAD: 'true' }),
  };
  return {
    env,
    mosquitto,
    /** Where the gateways connect. */
    gatewayUrl: `mqtt://127.0.0.1:${mosquitto?.port ?? mqttPort}`,
    async stop() {
      await mosquitto?.stop();
      pg?.stop();
    },
  };
}

/**
 * Simulator processes sharing the credentials file (`sims` of them, `connectRate` new
 * connections per second in all), info every 5 s and `telegramRate` telegrams/s per gateway.
 */
export function startFleet(o: {
  dir: string;
  credentials: string;
  url: string;
  gateways: number;
  sims: number;
  connectRate: number;
  telegramRate: number;
  /** More simulator arguments (e.g. `--rate-change`). */
  args?: string[];
  /** Each simulator's output, line by line (its `SIM {…}` status lines). */
  onLine?: (sim: number, line: string) => void;
}): ChildProcess[] {
  const lines = readFileSync(o.credentials, 'utf8').trim().split('\n');
  const share = Math.ceil(o.gateways / o.sims);
  return Array.from({ length: o.sims }, (_, s) => {
    const part = join(o.dir, `creds-${s}.csv`);
    writeFileSync(part, [lines[0], ...lines.slice(1 + s * share, 1 + (s + 1) * share)].join('\n'));
    return startSim(
      [
        ...['--count', String(share), '--credentials', part, '--url', o.url],
        ...[
          '--info-every',
          '5',
          '--telegram-rate',
          String(o.telegramRate),
          '--monitor',
          BENCH_MONITOR,
        ],
        ...['--connect-rate', String(Math.max(1, o.connectRate / o.sims)), '--client', 'lite'],
        ...(o.args ?? []),
      ],
      o.onLine && ((line) => o.onLine?.(s, line)),
    );
  });
}

/** SIGTERM, up to 10 s, then SIGKILL. */
export async function stopChild(child: ChildProcess) {
  child.kill('SIGTERM');
  await Promise.race([exited(child), new Promise((r) => setTimeout(r, 10_000))]);
  child.kill('SIGKILL');
}
