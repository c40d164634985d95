import { afterEach, describe, expect, it } from 'vitest';
import { modbusReadResult } from '@atrium/contracts/modbus';
import { GatewayAgent } from '../agent';
import { FakeLink, until } from '../fake-link.testing';
import type { PolledValue } from '../modbus-plan';
import { polledValue } from '../modbus-values.testing';
import { startEnergyMeter } from './energy-meter';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A kloudnx agent on a fake link, and the simulator's meter on a clock where 1 s is 1 h. */
async function setUp() {
  const start = Date.now();
  const meter = await startEnergyMeter({
    port: 0,
    now: () => start + (Date.now() - start) * 3600,
  });
  const link = new FakeLink();
  const agent = new GatewayAgent({
    mac: 'aabbccddee01',
    type: 'kloudnx',
    version: '8.5.0',
    link,
    timing: { infoEveryMs: 60_000, modbusTimeoutMs: 1_000, modbusBatchMs: 5 },
  });
  agent.start();
  stops.push(
    () => agent.stop(),
    () => meter.close(),
  );
  return { meter, link };
}

/** A value `id` at `registerAddress`: one FLOAT32 unless told. */
const value = (id: string, registerAddress: number, v: Partial<PolledValue>) =>
  polledValue(id, registerAddress, { dataType: 'FLOAT32', wordLength: 2, ...v });

/** The register map of docs/gateway-protocol.md, as an installer enters it in the console. */
const METER_VALUES = [
  value('voltage', 0, {}),
  value('current', 2, { swapWords: true }),
  value('power', 4, { dataType: 'INT32', swapBytes: true }),
  value('energy', 6, { dataType: 'UINT32', swapBytes: true, swapWords: true, scaleFactor: 0.001 }),
  value('frequency', 8, { dataType: 'UINT16', wordLength: 1, scaleFactor: 0.01, functionCode: 4 }),
  value('serial', 9, { dataType: 'STRING', wordLength: 8 }),
  value('relay', 0, { dataType: 'UINT16', wordLength: 1, functionCode: 1 }),
];

describe('a simulated kloudnx gateway polling the simulated energy meter', () => {
  it('publishes every value of the meter decoded by the codec, the energy growing', async () => {
    const { meter, link } = await setUp();
    link.command('c', 'modbus.config', {
      meters: [{ id: 'em', ip: meter.host, port: meter.port, interval: 1, values: METER_VALUES }],
    });
    const rounds = () =>
      link.modbusMessages().map((m) => new Map(m.items.map((i) => [i.value, i.v])));
    await until(() => rounds().length >= 2);
    const [first, second] = rounds();
    for (const round of [first, second]) {
      const get = (id: string) => round?.get(id) ?? NaN;
      expect([...(round?.keys() ?? [])].sort()).toEqual(
        ['current', 'energy', 'frequency', 'power', 'relay', 'voltage'].sort(),
      );
      expect(get('voltage')).toBeGreaterThan(225);
      expect(get('voltage')).toBeLessThan(235);
      expect(get('power')).toBeGreaterThanOrEqual(300);
      expect(get('power')).toBeLessThanOrEqual(3300);
      // Current, voltage and power come from one request, so from one measurement.
      expect(get('current')).toBeCloseTo(get('power') / (get('voltage') * 0.95), 2);
      expect(get('frequency')).toBeGreaterThan(49.9);
      expect(get('frequency')).toBeLessThan(50.1);
      expect(get('relay')).toBe(1);
    }
    // A second of test time is an hour of the meter's: about 0.3 to 3.3 kWh more.
    const gained = (second?.get('energy') ?? 0) - (first?.get('energy') ?? 0);
    expect(gained).toBeGreaterThan(0.2);
    expect(gained).toBeLessThan(5);
  });

  it('reads the serial number, and reports exceptions, in the live test', async () => {
    const { meter, link } = await setUp();
    const at = { ip: meter.host, port: meter.port };
    link.command('sn', 'modbus.read', { ...METER_VALUES[5], ...at });
    link.command('out', 'modbus.read', { ...METER_VALUES[0], ...at, registerAddress: 16 });
    link.command('unit', 'modbus.read', { ...METER_VALUES[0], ...at, unitID: 2 });
    await until(() => link.replies().length === 3);
    const results = new Map(
      link.replies().map((r) => [r.id, 'result' in r ? modbusReadResult.parse(r.result) : r]),
    );
    expect(results.get('sn')).toMatchObject({ value: 'ATR-EM-0001' });
    expect(results.get('out')).toMatchObject({ error: 'illegalDataAddress' });
    expect(results.get('unit')).toMatchObject({ error: 'deviceNotResponding' });
  });
});
