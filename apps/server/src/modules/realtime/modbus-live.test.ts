import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import {
  commandMessage,
  parseJson,
  PROTOCOL_VERSION,
  topicOf,
} from '@atrium/contracts/gateway-protocol';
import { modbusLiveRoom, SOCKET_EVENTS, type ModbusLiveAnswer } from '@atrium/contracts/hub';
import type { ModbusReadArgs } from '@atrium/contracts/modbus';
import { readSpec } from '@atrium/gateway-agent/modbus-values.testing';
import { addViewer } from '../../../test/fixtures';
import { connectAs, startHubWithProject, type HubWithProject } from '../../../test/hub-helpers';
import { createUser } from '../../../test/test-server';

/**
 * The Modbus live test's socket (document 3 §4, §7): join `{mac}:modbus:live`, emit
 * `modbus:live` with the form's values, get the gateway's one real read back. The gateway here
 * is a bare MQTT client answering `modbus.read` as the agent does (the agent's own reads are
 * tested against real Modbus TCP servers in packages/gateway-agent).
 */
let hub: HubWithProject;
beforeAll(async () => {
  hub = await startHubWithProject(() => ({ HUB_COMMAND_TIMEOUT_MS: '1500' }));
});
afterAll(() => hub.t.close());

const closers: { close(): unknown }[] = [];
afterAll(async () => {
  for (const c of closers) await c.close();
});

const READ: ModbusReadArgs = {
  ip: '192.168.1.50',
  port: 502,
  ...readSpec({ registerAddress: 0, functionCode: 4 }),
};

/** A signed-in console socket. */
async function socketOf(token: string): Promise<Socket> {
  const socket = io(hub.baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
  });
  closers.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const emit = (socket: Socket, event: string, payload: unknown) =>
  new Promise<Record<string, unknown>>((resolve) => socket.emit(event, payload, resolve));

/**
 * A gateway that answers each `modbus.read` with `answer(args)` (after `delayMs`); the
 * commands it received.
 */
async function fakeGateway(
  gw: { mac: string; secret: string },
  answer: (args: Record<string, unknown>) => object,
  delayMs = 0,
) {
  const client: MqttClient = await connectAs(hub.broker, gw.mac, gw.secret);
  closers.push({ close: () => client.endAsync(true) });
  const received: Record<string, unknown>[] = [];
  await client.subscribeAsync(topicOf(gw.mac, 'cmd'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const cmd = commandMessage.parse(parseJson(payload));
    received.push({ name: cmd.name, ...cmd.args });
    setTimeout(() => {
      const reply = { v: PROTOCOL_VERSION, id: cmd.id, ok: true, result: answer(cmd.args) };
      void client.publishAsync(topicOf(gw.mac, 'reply'), JSON.stringify(reply), { qos: 1 });
    }, delayMs);
  });
  await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
  // Online for the hub once its presence is recorded.
  await new Promise((r) => setTimeout(r, 200));
  return received;
}

describe('Modbus live test socket', () => {
  it("relays the form's read to the gateway and its answer back, to the room too", async () => {
    const gw = await hub.newGateway({ type: 'kloudnx' });
    const received = await fakeGateway(gw, () => ({
      value: 229.87,
      registers: [17253, 57672],
      t: 1_764_000_000_000,
    }));
    const socket = await socketOf(hub.owner.token);
    const watcher = await socketOf(hub.owner.token);
    const room = modbusLiveRoom(gw.mac);
    expect(await emit(socket, 'join', room)).toMatchObject({ ok: true, role: 'owner' });
    expect(await emit(watcher, 'join', room)).toMatchObject({ ok: true });
    const seen = new Promise<ModbusLiveAnswer>((r) => watcher.once(SOCKET_EVENTS.modbusLive, r));
    const answer = await emit(socket, SOCKET_EVENTS.modbusLive, { mac: gw.mac, read: READ });
    const expected = {
      ok: true,
      mac: gw.mac,
      result: { value: 229.87, registers: [17253, 57672], t: 1_764_000_000_000 },
    };
    expect(answer).toEqual(expected);
    expect(await seen).toEqual(expected);
    expect(received).toEqual([{ name: 'modbus.read', ...READ }]);
  });

  it("passes a meter's failure through as the read's result", async () => {
    const gw = await hub.newGateway({ type: 'kloudnx' });
    await fakeGateway(gw, () => ({ error: 'illegalDataAddress', t: 5 }));
    const socket = await socketOf(hub.owner.token);
    await emit(socket, 'join', modbusLiveRoom(gw.mac));
    const answer = await emit(socket, SOCKET_EVENTS.modbusLive, { mac: gw.mac, read: READ });
    expect(answer).toEqual({
      ok: true,
      mac: gw.mac,
      result: { error: 'illegalDataAddress', t: 5 },
    });
  });

  it('answers gatewayOffline, gatewayTimeout and gatewayBusy with their codes', async () => {
    const offline = await hub.newGateway({ type: 'kloudnx' });
    const socket = await socketOf(hub.owner.token);
    await emit(socket, 'join', modbusLiveRoom(offline.mac));
    expect(await emit(socket, SOCKET_EVENTS.modbusLive, { mac: offline.mac, read: READ })).toEqual({
      ok: false,
      mac: offline.mac,
      code: 'gatewayOffline',
    });

    const slow = await hub.newGateway({ type: 'kloudnx' });
    await fakeGateway(slow, () => ({ value: 1, registers: [1], t: 1 }), 3_000);
    await emit(socket, 'join', modbusLiveRoom(slow.mac));
    const first = emit(socket, SOCKET_EVENTS.modbusLive, { mac: slow.mac, read: READ });
    // A second read while the first waits: refused at once.
    expect(await emit(socket, SOCKET_EVENTS.modbusLive, { mac: slow.mac, read: READ })).toEqual({
      ok: false,
      mac: slow.mac,
      code: 'gatewayBusy',
    });
    expect(await first).toEqual({ ok: false, mac: slow.mac, code: 'gatewayTimeout' });
  });

  it('refuses bad reads, rooms not joined, other gateway types, viewers and strangers', async () => {
    const gw = await hub.newGateway({ type: 'kloudnx' });
    await fakeGateway(gw, () => ({ value: 1, registers: [1], t: 1 }));
    const socket = await socketOf(hub.owner.token);
    // Not in the room yet.
    expect(await emit(socket, SOCKET_EVENTS.modbusLive, { mac: gw.mac, read: READ })).toEqual({
      ok: false,
      mac: gw.mac,
      code: 'forbidden',
    });
    await emit(socket, 'join', modbusLiveRoom(gw.mac));
    for (const read of [
      { ...READ, ip: '300.1.1.1' },
      { ...READ, port: 70000 },
      { ...READ, scaleFactor: 0 },
      { ...READ, dataType: 'DOUBLE' },
      { ...READ, functionCode: 16 },
    ])
      expect(await emit(socket, SOCKET_EVENTS.modbusLive, { mac: gw.mac, read })).toEqual({
        ok: false,
        mac: null,
        code: 'validation',
      });
    expect(await emit(socket, SOCKET_EVENTS.modbusLive, 'garbage')).toMatchObject({
      ok: false,
      code: 'validation',
    });

    const pool = await hub.newGateway({ type: 'poolnx' });
    await fakeGateway(pool, () => ({ value: 1, registers: [1], t: 1 }));
    await emit(socket, 'join', modbusLiveRoom(pool.mac));
    expect(await emit(socket, SOCKET_EVENTS.modbusLive, { mac: pool.mac, read: READ })).toEqual({
      ok: false,
      mac: pool.mac,
      code: 'gatewayRefused',
    });

    const viewer = await createUser(hub.t.app, 'viewer', hub.owner.team);
    await addViewer(hub.t.app, hub.project.id, viewer.id);
    const viewerSocket = await socketOf(viewer.token);
    expect(await emit(viewerSocket, 'join', modbusLiveRoom(gw.mac))).toEqual({
      ok: false,
      code: 'forbidden',
    });
    const stranger = await createUser(hub.t.app, 'user');
    const strangerSocket = await socketOf(stranger.token);
    expect(await emit(strangerSocket, 'join', modbusLiveRoom(gw.mac))).toEqual({
      ok: false,
      code: 'notFound',
    });
    expect(
      await emit(strangerSocket, SOCKET_EVENTS.modbusLive, { mac: gw.mac, read: READ }),
    ).toEqual({ ok: false, mac: gw.mac, code: 'forbidden' });
  });
});
