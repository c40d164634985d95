import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  BROKER_DROPS_TOPIC,
  BROKER_VERSION_TOPIC,
} from '../src/modules/hub/transport/external-broker';
import { freePort } from './postgres-cluster';
import { stopChild } from './stop-child';

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
const PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';

/** The first line of `mosquitto -h` ("mosquitto version 2.0.11"): the version the tests run. */
export const mosquittoVersion = () =>
  spawnSync(MOSQUITTO, ['-h'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim() ?? '';

/** Whether something accepts TCP connections on the loopback port (a child server has started). */
export const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** Per-gateway users and the nx/%u/# pattern, as docs/gateway-protocol.md describes, on one listener (the two-listener set-up is tested in mosquitto-clientid.test.ts). */
/** A session's window, when a test wants it small (10,000 in flight, 40,000 queued). */
export interface MosquittoWindow {
  inflight: number;
  queued: number;
}

export function mosquittoConfig(o: {
  port: number;
  dir: string;
  hubUser: string;
  window?: MosquittoWindow;
  /** Seconds between mosquitto's `$SYS` updates (its default: 10). */
  sysInterval?: number;
}) {
  return [
    ...(o.sysInterval ? [`sys_interval ${o.sysInterval}`] : []),
    `listener ${o.port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${join(o.dir, 'passwd')}`,
    `acl_file ${join(o.dir, 'acl')}`,
    'persistence false',
    // The hub's session holds what it has not acknowledged yet: no small default caps. It
    // acknowledges a batch after its commit (50-100 ms): at 10,000 telegrams/s about 1,000
    // messages are in flight at once, so the window is far above that. Twice the in-flight
    // maximum plus the queue stay below 65,536 (decision 0041): mosquitto 2.0 moves queued
    // messages into flight past its maximum on PUBACKs, and more live messages than 16-bit
    // ids stall its delivery to the node.
    `max_inflight_messages ${o.window?.inflight ?? 10000}`,
    `max_queued_messages ${o.window?.queued ?? 40000}`,
    'message_size_limit 65536',
    '',
  ].join('\n');
}

export interface Mosquitto {
  url: string;
  hubUrl: string;
  pid: number;
  addUser(name: string, password: string): void;
  stop(): Promise<void>;
}

/** Debian's mosquitto on a loopback port, with a password file made by mosquitto_passwd -b. */
export async function startMosquitto(
  window?: MosquittoWindow,
  /** The hub user may read mosquitto's drop count (docs/gateway-protocol.md), updated every second. */
  options: { watchDrops?: boolean } = {},
): Promise<Mosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-mosq-'));
  chmodSync(dir, 0o755); // mosquitto drops root for its own user, which must read the files
  const port = await freePort();
  const hubUser = 'atrium-hub';
  const hubPassword = 'hub-secret-for-tests';
  const passwd = join(dir, 'passwd');
  writeFileSync(passwd, '');
  const addUser = (name: string, password: string) => {
    execFileSync(PASSWD, ['-b', passwd, name, password], { stdio: 'ignore' });
    chmodSync(passwd, 0o644);
  };
  addUser(hubUser, hubPassword);
  writeFileSync(
    join(dir, 'acl'),
    `user ${hubUser}\ntopic readwrite nx/#\ntopic read ${BROKER_VERSION_TOPIC}\n${options.watchDrops ? `topic read ${BROKER_DROPS_TOPIC}\n` : ''}\npattern readwrite nx/%u/#\n`,
  );
  chmodSync(join(dir, 'acl'), 0o644);
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    mosquittoConfig({
      port,
      dir,
      hubUser,
      window,
      sysInterval: options.watchDrops ? 1 : undefined,
    }),
  );
  const child = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log}`);
    if (await isListening(port)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    hubUrl: `mqtt://${hubUser}:${hubPassword}@127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    // mosquitto reads the password file again on SIGHUP.
    addUser: (name, password) => {
      addUser(name, password);
      child.kill('SIGHUP');
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
