import { afterEach, describe, expect, it } from 'vitest';
import { modbusReadResult } from '@atrium/contracts/modbus';
import { GatewayAgent } from './agent';
import { FakeLink, until } from './fake-link.testing';
import {
  refusedPort,
  startExceptionMeter,
  startJsmodbusMeter,
  startRawMeter,
  startSilentMeter,
  table,
  type TestServer,
} from './modbus-servers.testing';
import { polledMeter as meter, polledValue as value } from './modbus-values.testing';

const running: { stop(): Promise<unknown> }[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((a) => a.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const serve = async (s: Promise<TestServer>) => {
  const server = await s;
  servers.push(server);
  return server;
};

function agentWith(
  link = new FakeLink(),
  type: 'kloudnx' | 'poolnx' = 'kloudnx',
  modbusReachable?: (ip: string) => boolean,
) {
  const agent = new GatewayAgent({
    mac: 'aabbccddeeff',
    type,
    ...(modbusReachable ? { modbusReachable } : {}),
    version: '8.4.0',
    link,
    timing: {
      infoEveryMs: 60_000,
      modbusTimeoutMs: 1_500,
      modbusBackoffMs: 100,
      modbusBackoffMaxMs: 400,
      modbusBatchMs: 5,
    },
    random: () => 0.5,
  });
  agent.start();
  running.push(agent);
  return { agent, link };
}

const float = (id: string, at: number, swapBytes: boolean, swapWords: boolean) =>
  value(id, at, { dataType: 'FLOAT32', wordLength: 2, swapBytes, swapWords });

/** 32-bit values as registers in the byte order named, written with Buffer. */
const int32 = (n: number, order: 'BADC' | 'DCBA') => {
  const b = Buffer.alloc(4);
  if (order === 'DCBA') b.writeUInt32LE(n);
  else b.writeInt32BE(n);
  if (order === 'BADC') b.swap16();
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
};

/** A test server's open connections once they stop changing towards none (2 s at most). */
async function openConnections(server: TestServer) {
  for (let i = 0; i < 40 && (await server.connections()) > 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  return server.connections();
}

const latest = (link: FakeLink, meterId: string) =>
  new Map(
    link
      .readings()
      .filter((r) => r.meter === meterId)
      .map((r) => [r.value, r.v]),
  );

describe('the Modbus poller of a kloudnx gateway', () => {
  it('publishes the decoded values in every byte order, with scale factors, in few reads', async () => {
    const holding = table(32, {
      0: [0x47f1, 0x2000], // 123456.0 ABCD
      2: [0x2000, 0x47f1], // CDAB
      4: [0xf147, 0x0020], // BADC
      6: [0x0020, 0xf147], // DCBA
      8: [0x10000 - 1234], // INT16 -1234
      9: [5000], // UINT16
      10: int32(-100_000, 'BADC'),
      12: int32(4_000_000_000, 'DCBA'),
      20: [0x4154, 0x5200], // "ATR"
    });
    const m = await serve(
      startJsmodbusMeter({ holding, input: table(4, { 1: [42] }), coils: Buffer.from([0b1000]) }),
    );
    const { link } = agentWith();
    link.command('c', 'modbus.config', {
      meters: [
        meter('m1', m.port, [
          float('abcd', 0, false, false),
          float('cdab', 2, false, true),
          float('badc', 4, true, false),
          float('dcba', 6, true, true),
          value('int16', 8, { dataType: 'INT16', scaleFactor: 0.1 }),
          value('uint16', 9, { scaleFactor: 0.01 }),
          value('int32', 10, {
            dataType: 'INT32',
            wordLength: 2,
            swapBytes: true,
            scaleFactor: 0.001,
          }),
          value('uint32', 12, {
            dataType: 'UINT32',
            wordLength: 2,
            swapBytes: true,
            swapWords: true,
          }),
          value('name', 20, { dataType: 'STRING', wordLength: 2 }),
          value('input', 1, { functionCode: 4 }),
          value('coil', 3, { functionCode: 1 }),
          value('coilOff', 2, { functionCode: 5 }),
        ]),
      ],
    });
    await until(() => latest(link, 'm1').size >= 11);
    expect(link.replies()).toEqual([{ v: 1, id: 'c', ok: true }]);
    expect(Object.fromEntries(latest(link, 'm1'))).toEqual({
      abcd: 123456,
      cdab: 123456,
      badc: 123456,
      dcba: 123456,
      int16: -123.4,
      uint16: 50,
      int32: -100,
      uint32: 4_000_000_000,
      input: 42,
      coil: 1,
      coilOff: 0,
    });
    // Holding registers 0-13 in one request, input registers and coils one each.
    expect(m.requests).toBe(3);
    const [first] = link.modbusMessages();
    expect(first?.items.every((i) => Math.abs(i.t - Date.now()) < 5_000)).toBe(true);
  });

  it('publishes the other values when a request gets an exception or a FLOAT32 is NaN', async () => {
    const registers = [5, 0x7fc0, 0x0000]; // 5, then a NaN
    const m = await serve(
      startRawMeter((pdu) => {
        const [fc = 0, start, count] = [pdu[0], pdu.readUInt16BE(1), pdu.readUInt16BE(3)];
        if (start >= registers.length) return Buffer.from([fc | 0x80, 2]);
        const words = registers.slice(start, start + count);
        const body = Buffer.alloc(2 + words.length * 2);
        body.writeUInt8(fc, 0);
        body.writeUInt8(words.length * 2, 1);
        words.forEach((w, i) => body.writeUInt16BE(w, 2 + i * 2));
        return body;
      }),
    );
    const { link } = agentWith();
    link.command('c', 'modbus.config', {
      meters: [
        meter('m', m.port, [
          value('missing', 100),
          value('a', 0),
          float('nan', 1, false, false),
          value('b', 2),
        ]),
      ],
    });
    await until(() => m.requests >= 2 && link.readings().length > 0);
    expect(link.readings().map((r) => [r.value, r.v])).toEqual([
      ['a', 5],
      ['b', 0],
    ]);
  });

  it('keeps polling a meter that refuses or never answers apart: the others and KNX are not delayed', async () => {
    const good = await serve(startJsmodbusMeter({ holding: table(4, { 0: [7] }) }));
    const silent = await serve(startSilentMeter());
    const refused = await refusedPort();
    const { agent, link } = agentWith();
    agent.state.monitor = [{ ga: '1/1/1', dpt: '9.001' }];
    const start = Date.now();
    link.command('c', 'modbus.config', {
      meters: [
        meter('silent', silent.port, [value('a', 0)]),
        meter('refused', refused, [value('a', 0)]),
        meter('good', good.port, [value('a', 0)]),
      ],
    });
    await until(() => link.readings().length > 0);
    // The first reading comes at once, though the silent meter's request is left hanging 1.5 s.
    expect(Date.now() - start).toBeLessThan(1_000);
    await agent.publishTelegram();
    expect(link.sent.filter((s) => s.kind === 'telegrams')).toHaveLength(1);
    await until(() => link.modbusMessages().length >= 3);
    const times = link.modbusMessages().map((m) => m.at - start);
    // One round a second, on time: rounds of the other meters take nothing from it.
    expect(times[2]).toBeLessThan(2_900);
    expect(new Set(link.readings().map((r) => r.meter))).toEqual(new Set(['good']));
    expect(silent.requests).toBeGreaterThanOrEqual(1);
  });

  it('reconnects to a meter that dropped the connection', async () => {
    const m = await serve(startJsmodbusMeter({ holding: table(4, { 0: [7] }) }));
    const { link } = agentWith();
    link.command('c', 'modbus.config', { meters: [meter('m', m.port, [value('a', 0)])] });
    await until(() => link.readings().length >= 1);
    m.drop();
    const before = link.readings().length;
    await until(() => link.readings().length >= before + 2, 6_000);
    expect(link.readings().length).toBeGreaterThanOrEqual(before + 2);
    expect(await m.connections()).toBe(1);
  });

  it('answers modbus.read with the value and registers, or the exception, refusal or timeout', async () => {
    const m = await serve(startJsmodbusMeter({ holding: table(4, { 0: [0x47f1, 0x2000] }) }));
    const exception = await serve(startExceptionMeter(2));
    const silent = await serve(startSilentMeter());
    const { link } = agentWith();
    const read = { ...value('x', 0), dataType: 'FLOAT32', wordLength: 2, ip: '127.0.0.1' };
    link.command('ok', 'modbus.read', { ...read, port: m.port, scaleFactor: 0.5 });
    link.command('ex', 'modbus.read', { ...read, port: exception.port });
    link.command('no', 'modbus.read', { ...read, port: await refusedPort() });
    link.command('late', 'modbus.read', { ...read, port: silent.port });
    await until(() => link.replies().length === 4);
    const byId = new Map(
      link.replies().map((r) => [r.id, 'result' in r ? modbusReadResult.parse(r.result) : r]),
    );
    expect(byId.get('ok')).toMatchObject({ value: 61728, registers: [0x47f1, 0x2000] });
    expect(byId.get('ex')).toMatchObject({ error: 'illegalDataAddress' });
    expect(byId.get('no')).toMatchObject({ error: 'unreachable' });
    expect(byId.get('late')).toMatchObject({ error: 'timeout' });
    // The server hears the close a moment after the agent made it (later on a busy machine).
    expect(await openConnections(silent)).toBe(0);
  });

  it('neither polls nor reads a meter at an address it may not reach', async () => {
    const m = await serve(startJsmodbusMeter({ holding: table(4, { 0: [7] }) }));
    const { link } = agentWith(new FakeLink(), 'kloudnx', (ip) => ip === '127.0.0.2');
    link.command('1', 'modbus.config', {
      meters: [
        meter('far', m.port, [value('v', 0)]),
        { ...meter('near', m.port, [value('v', 0)]), ip: '127.0.0.2' },
      ],
    });
    link.command('2', 'modbus.read', { ...value('x', 0), ip: '127.0.0.1', port: m.port });
    await until(() => link.replies().length === 2);
    const read = link.replies().find((r) => r.id === '2');
    expect(read && 'result' in read ? modbusReadResult.parse(read.result) : read).toMatchObject({
      error: 'unreachable',
    });
    await new Promise((r) => setTimeout(r, 1_200));
    expect(m.requests).toBe(0);
    expect(await m.connections()).toBe(0);
    expect(link.readings().filter((r) => r.meter === 'far')).toEqual([]);
  });

  it('replaces the configuration: the old meters are no longer polled nor connected', async () => {
    const a = await serve(startJsmodbusMeter({ holding: table(4, { 0: [1] }) }));
    const b = await serve(startJsmodbusMeter({ holding: table(4, { 0: [2] }) }));
    const { link } = agentWith();
    link.command('1', 'modbus.config', { meters: [meter('a', a.port, [value('v', 0)])] });
    await until(() => link.readings().length >= 1);
    link.command('2', 'modbus.config', { meters: [meter('b', b.port, [value('v', 0)])] });
    await until(() => link.readings().some((r) => r.meter === 'b'));
    const polledA = a.requests;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(a.requests).toBe(polledA);
    expect(await a.connections()).toBe(0);
    expect(b.requests).toBeGreaterThanOrEqual(2);
    expect(
      link
        .readings()
        .filter((r) => r.meter === 'b')
        .map((r) => r.v),
    ).toContain(2);
  });

  it('keeps readings while offline and sends them in batches once back online', async () => {
    const m = await serve(startJsmodbusMeter({ holding: table(4, { 0: [3] }) }));
    const link = new FakeLink();
    const { agent } = agentWith(link);
    link.connected = false;
    agent.modbus.configure([meter('m', m.port, [value('a', 0), value('b', 1)])]);
    await until(() => m.requests >= 2, 3_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(link.modbusMessages()).toHaveLength(0);
    link.reconnect();
    await until(() => link.readings().length >= 4);
    expect(link.modbusMessages()).toHaveLength(1);
    expect(link.readings().map((r) => r.value)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('stops every poll and connection on stop', async () => {
    const m = await serve(startJsmodbusMeter({ holding: table(4, { 0: [3] }) }));
    const silent = await serve(startSilentMeter());
    const { agent, link } = agentWith();
    link.command('c', 'modbus.config', {
      meters: [meter('m', m.port, [value('a', 0)]), meter('s', silent.port, [value('a', 0)])],
    });
    // A live test left hanging by the silent meter too.
    link.command('r', 'modbus.read', { ...value('x', 0), ip: '127.0.0.1', port: silent.port });
    await until(() => link.readings().length >= 1 && silent.requests >= 2);
    expect(await silent.connections()).toBe(2);
    await agent.stop();
    const polled = m.requests;
    const published = link.modbusMessages().length;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(m.requests).toBe(polled);
    expect(link.modbusMessages()).toHaveLength(published);
    expect(await m.connections()).toBe(0);
    expect(await silent.connections()).toBe(0);
    expect(agent.modbus.meterCount).toBe(0);
  });

  it('leaves Modbus to kloudnx gateways', async () => {
    const { link } = agentWith(new FakeLink(), 'poolnx');
    link.command('c', 'modbus.config', { meters: [] });
    link.command('r', 'modbus.read', { ...value('x', 0), ip: '127.0.0.1', port: 502 });
    await until(() => link.replies().length === 2);
    expect(link.replies()).toMatchObject([
      { id: 'c', ok: false, error: { code: 'unsupported' } },
      { id: 'r', ok: false, error: { code: 'unsupported' } },
    ]);
  });
});
