import { Socket } from 'node:net';
import { ModbusTCPClient } from 'jsmodbus';
import { afterEach, describe, expect, it } from 'vitest';
import { startEnergyMeter, type EnergyMeter } from './energy-meter';

/** An independent Modbus TCP client (jsmodbus) on a fresh socket to the meter. */
async function clientOf(meter: EnergyMeter, unitId = 1) {
  const socket = new Socket();
  // jsmodbus learns that the socket is online from its 'connect' event: create it first.
  const client = new ModbusTCPClient(socket, unitId, 2_000);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve).once('error', reject);
    socket.connect({ host: meter.host, port: meter.port });
  });
  return { client, socket };
}

/** The registers as bytes, big-endian as on the wire. */
const bytesOf = (words: ArrayLike<number>) => {
  const b = Buffer.alloc(words.length * 2);
  Array.from(words).forEach((w, i) => b.writeUInt16BE(w, i * 2));
  return b;
};

let clock = 1_700_000_000_000;
const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function meterWithClock() {
  const meter = await startEnergyMeter({ port: 0, now: () => clock, serial: 'ATR-EM-0042' });
  opened.push(meter);
  return meter;
}

describe('the simulated energy meter', () => {
  it('answers every register of its map with plausible values, each in its byte order', async () => {
    const meter = await meterWithClock();
    const { client, socket } = await clientOf(meter);
    opened.push({ close: () => socket.destroy() });
    const { response } = await client.readHoldingRegisters(0, 17);
    const b = bytesOf(response.body.valuesAsArray);
    const voltage = b.readFloatBE(0); // ABCD
    const current = Buffer.concat([b.subarray(6, 8), b.subarray(4, 6)]).readFloatBE(0); // CDAB
    const power = Buffer.from(b.subarray(8, 12)).swap16().readInt32BE(0); // BADC
    const energy = b.readUInt32LE(12); // DCBA
    const frequency = b.readUInt16BE(16) / 100;
    const serial = b.subarray(18, 34).toString('latin1').replace(/\0+$/, '');
    expect(voltage).toBeGreaterThan(225);
    expect(voltage).toBeLessThan(235);
    expect(power).toBeGreaterThanOrEqual(300);
    expect(power).toBeLessThanOrEqual(3300);
    expect(current).toBeCloseTo(power / (voltage * 0.95), 1);
    expect(energy).toBeGreaterThan(1_000_000);
    expect(frequency).toBeGreaterThan(49.9);
    expect(frequency).toBeLessThan(50.1);
    expect(serial).toBe('ATR-EM-0042');
    // Input registers hold the same map.
    const input = await client.readInputRegisters(8, 1);
    expect(input.response.body.valuesAsArray[0]).toBe(Math.round(meter.reading().frequency * 100));
  });

  it('counts energy that only grows, by the power held over the time passed', async () => {
    const meter = await meterWithClock();
    const { client, socket } = await clientOf(meter);
    opened.push({ close: () => socket.destroy() });
    const energyNow = async () =>
      bytesOf((await client.readHoldingRegisters(6, 2)).response.body.valuesAsArray).readUInt32LE(
        0,
      );
    const before = await energyNow();
    let expected = meter.reading().energyWh;
    for (let hour = 0; hour < 5; hour++) {
      const power = meter.reading().power;
      clock += 3_600_000;
      expected += power;
      const after = await energyNow();
      expect(after).toBe(Math.floor(expected));
    }
    expect(await energyNow()).toBeGreaterThan(before + 5 * 250);
  });

  it('answers exception 2 outside its map, and exception 11 for another unit id', async () => {
    const meter = await meterWithClock();
    const { client, socket } = await clientOf(meter);
    opened.push({ close: () => socket.destroy() });
    await expect(client.readHoldingRegisters(16, 2)).rejects.toMatchObject({
      err: 'ModbusException',
      response: { body: { code: 2 } },
    });
    await expect(client.readCoils(5, 1)).rejects.toMatchObject({
      response: { body: { code: 2 } },
    });
    const coils = await client.readCoils(0, 1);
    expect(coils.response.body.valuesAsArray[0]).toBe(1);
    const other = await clientOf(meter, 7);
    opened.push({ close: () => other.socket.destroy() });
    await expect(other.client.readHoldingRegisters(0, 2)).rejects.toMatchObject({
      response: { body: { code: 11 } },
    });
  });

  it('picks a free port for port 0 (modbus-serial alone would take 502)', async () => {
    const meters = await Promise.all([0, 0, 0].map(() => startEnergyMeter({ port: 0 })));
    try {
      const ports = meters.map((m) => m.port);
      expect(new Set(ports).size).toBe(3);
      expect(ports).not.toContain(502);
      for (const m of meters) (await clientOf(m)).socket.destroy();
    } finally {
      await Promise.all(meters.map((m) => m.close()));
    }
  });

  it('closes its port and its clients on close', async () => {
    const meter = await startEnergyMeter({ port: 0 });
    const { socket } = await clientOf(meter);
    const closed = new Promise((r) => socket.once('close', r));
    await meter.close();
    await closed;
    await expect(clientOf(meter)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
