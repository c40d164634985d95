import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startHubServer, startSim, waitOnline } from '../bench/hub-processes';
import { freePort } from '../apps/server/test/postgres-cluster';

const GATEWAYS = 1_000;
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-faults-'));
const acked = join(dataDir, 'acked.log');
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every acknowledged (mac, ga, t) that has no raw point in the store. */
function missingAcked(): { checked: number; missing: string[] } {
  const lines = readFileSync(acked, 'utf8').trim().split('\n').filter(Boolean);
  const db = new SQLite(join(dataDir, 'atrium.sqlite'), { readonly: true });
  const find = db.prepare(
    'SELECT 1 FROM ts_raw r JOIN ts_series s ON s.id = r.series WHERE s.gateway_mac = ? AND s.address = ? AND r.t = ?',
  );
  const missing = lines.filter((line) => {
    const [mac, ga, t] = line.split(' ');
    return !find.get(mac, ga, Number(t));
  });
  db.close();
  return { checked: lines.length, missing };
}

describe('the hub survives kill -9', () => {
  it('brings 1,000 gateways back within 60 s and loses no acknowledged telegram', async () => {
    const [port, mqttPort] = [await freePort(), await freePort()];
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      HUB_GATEWAYS: String(GATEWAYS),
    };
    const first = await startHubServer(env);
    children.push(first.child);
    const sim = startSim([
      '--count',
      String(GATEWAYS),
      '--credentials',
      first.ready.credentials,
      '--url',
      `mqtt://127.0.0.1:${mqttPort}`,
      '--telegram-rate',
      '1',
      '--info-every',
      '5',
      '--monitor',
      '1/1/1:9.001,1/1/2:1.001,2/0/1:5.001',
      '--acked-log',
      acked,
    ]);
    children.push(sim);
    await waitOnline(port, first.ready.token, GATEWAYS, 60_000);
    await new Promise((r) => setTimeout(r, 5_000)); // telegrams flowing
    first.child.kill('SIGKILL');
    await exited(first.child);
    const ackedBeforeKill = readFileSync(acked, 'utf8').split('\n').length - 1;
    expect(ackedBeforeKill).toBeGreaterThan(1_000);

    const second = await startHubServer(env);
    children.push(second.child);
    const seconds = await waitOnline(port, second.ready.token, GATEWAYS, 60_000);
    console.log(
      `fault test: ${ackedBeforeKill} telegrams acknowledged before kill -9; all ${GATEWAYS} back in ${seconds.toFixed(1)} s`,
    );
    expect(seconds).toBeLessThanOrEqual(60);
    await new Promise((r) => setTimeout(r, 3_000));

    sim.kill('SIGTERM');
    await exited(sim);
    second.child.kill('SIGTERM');
    await exited(second.child);
    const { checked, missing } = missingAcked();
    console.log(`fault test: ${checked} acknowledged telegrams checked, ${missing.length} missing`);
    expect(checked).toBeGreaterThanOrEqual(ackedBeforeKill);
    expect(missing).toEqual([]);
  }, 240_000);
});
