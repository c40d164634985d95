import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphReply } from '@atrium/contracts/graph';
import { modbusMeasurement } from '@atrium/contracts/graph';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { startEnergyMeter, type EnergyMeter } from '@atrium/gateway-agent/local/energy-meter';
import {
  startAgent,
  startHubWithProject,
  storedPoints,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { freePort } from '../../../test/postgres-cluster';
import { addMeter, call, valueBody } from './modbus.testing';

/**
 * Issue 15's whole recording path: a meter and its values saved through the API reach a
 * simulated kloudnx gateway (`modbus.config`), which polls a real Modbus TCP energy meter,
 * decodes the registers and publishes them; the hub stores them and the graph charts them
 * with their unit.
 */
let hub: HubWithProject;
let meter: EnergyMeter;
let agent: GatewayAgent | undefined;
beforeAll(async () => {
  hub = await startHubWithProject();
  // A free port of its own: modbus-serial's server reads port 0 as 502, which the test
  // server's demo meter may hold.
  meter = await startEnergyMeter({ port: await freePort() });
});
afterAll(async () => {
  await agent?.stop();
  await meter.close();
  await hub.t.close();
});

describe('Modbus readings recorded and charted', () => {
  it('polls the configured values, stores them and charts them beside the voltage', async () => {
    const gw = await hub.newGateway({ type: 'kloudnx' });
    agent = startAgent(hub.broker, { ...gw, type: 'kloudnx' });
    await waitFor(() => hub.t.modules.hub.service.presence.isOnline(gw.mac));
    const { t, owner, project } = hub;
    const meterId = await addMeter(t.app, owner, project.id, {
      gatewayMac: gw.mac,
      name: 'Compteur général',
      network: { ip: meter.host, port: meter.port },
      interval: 1,
    });
    const values: Record<string, string> = {};
    const specs = {
      power: {
        name: 'Puissance',
        unit: 'W',
        options: { registerAddress: 4, dataType: 'INT32', swapBytes: true },
      },
      energy: {
        name: 'Énergie',
        unit: 'kWh',
        options: {
          registerAddress: 6,
          dataType: 'UINT32',
          swapBytes: true,
          swapWords: true,
          scaleFactor: 0.001,
        },
      },
    };
    for (const [key, spec] of Object.entries(specs)) {
      const res = await call(
        t.app,
        owner,
        'POST',
        `/api/project/modbus/value/${project.id}`,
        valueBody(
          meterId,
          { name: spec.name, unit: spec.unit },
          { functionCode: 4, ...spec.options },
        ),
      );
      expect(res.statusCode).toBe(200);
      values[key] = res.json<{ value: { id: string } }>().value.id;
    }
    const where = { projectId: project.id, mac: gw.mac };
    const power = await waitFor(async () => {
      const points = await storedPoints(t.app, { ...where, address: values.power ?? '' });
      return points.length >= 2 ? points : undefined;
    });
    const energy = await waitFor(async () => {
      const points = await storedPoints(t.app, { ...where, address: values.energy ?? '' });
      return points.length >= 2 ? points : undefined;
    });
    // The meter's load drifts within 300–3,300 W; its energy counter only grows.
    for (const p of power) expect(p.v).toBeGreaterThanOrEqual(300);
    for (const p of power) expect(p.v).toBeLessThanOrEqual(3300);
    const kWh = energy.map((p) => p.v);
    expect(kWh).toEqual([...kWh].sort((a, b) => a - b));
    expect(Math.abs((kWh.at(-1) ?? 0) - meter.reading().energyWh / 1000)).toBeLessThan(1);

    const now = Date.now();
    const res = await call(t.app, owner, 'POST', `/api/project/timeseries/${project.id}`, {
      measurements: [
        'voltage',
        modbusMeasurement(values.power ?? ''),
        modbusMeasurement(values.energy ?? ''),
      ],
      start: now - 60_000,
      stop: now + 1_000,
      window: '1s',
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json<GraphReply>();
    expect(reply.data.map((s) => [s.address, s.name, s.unit, s.mac])).toEqual([
      ['voltage', gw.name, 'V', gw.mac],
      [modbusMeasurement(values.power ?? ''), 'Compteur général – Puissance', 'W', gw.mac],
      [modbusMeasurement(values.energy ?? ''), 'Compteur général – Énergie', 'kWh', gw.mac],
    ]);
    expect(reply.data.slice(1).every((s) => s.list.length > 0)).toBe(true);
  });

  it("answers 404 cannotFindAddress for another project's or an unknown value", async () => {
    const now = Date.now();
    const res = await call(
      hub.t.app,
      hub.owner,
      'POST',
      `/api/project/timeseries/${hub.project.id}`,
      {
        measurements: [modbusMeasurement('nope')],
        start: now - 60_000,
        stop: now,
      },
    );
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'cannotFindAddress']);
  });
});
