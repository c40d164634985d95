import { afterEach, describe, expect, it } from 'vitest';
import {
  eventually,
  rawKnxClient,
  recordingKnxServer,
  serviceTracker,
  until,
} from './local-test-kit.testing';

/**
 * The server driven byte by byte, frames written out by hand from KNXnet/IP Core v2: the
 * exact replies, and hostile input closing that socket only.
 */

const HPAI_TCP = '08 02 00000000 0000';
const CONNECT = `06 10 0205 001a ${HPAI_TCP} ${HPAI_TCP} 04 04 02 00`;
const connectResponse = (channel: string, address: string) =>
  `06100206 0014 ${channel} 00 ${HPAI_TCP} 0404 ${address}`.replace(/\s/g, '');
const state = (channel: string) => `06 10 0207 0010 ${channel} 00 ${HPAI_TCP}`;
/** L_Data.req GroupValueWrite of DPT 1 `true` to 1/2/3 (0x0a03), source left empty. */
const SWITCH_ON_CEMI = '11 00 bc e0 0000 0a03 01 0081';
const tunnelling = (channel: string, cemi: string) =>
  `06 10 0420 ${(10 + cemi.replace(/\s/g, '').length / 2).toString(16).padStart(4, '0')} 04 ${channel} 00 00 ${cemi}`;

const services = serviceTracker();
afterEach(() => services.closeAll());

async function tunnelClient(port: number) {
  const client = await rawKnxClient(port);
  client.send(CONNECT);
  const reply = await client.next();
  return { ...client, reply };
}

describe('KNXnet/IP tunnelling over TCP', () => {
  it('opens a tunnel with a route-back HPAI and the first tunnel address, answers its state', async () => {
    const { port, server } = await recordingKnxServer(services);
    const a = await tunnelClient(port);
    expect(a.reply).toBe(connectResponse('01', '11f0')); // channel 1, 1.1.240
    const b = await tunnelClient(port);
    expect(b.reply).toBe(connectResponse('02', '11f1'));
    expect(server.tunnelCount).toBe(2);
    a.send(state('01'));
    expect(await a.next()).toBe('06100208000801' + '00');
    a.send(state('07')); // not its channel
    expect(await a.next()).toBe('06100208000807' + '21');
  });

  it('confirms a group write, hands it over, shows it to the other tunnels, sends no ACK', async () => {
    const { port, writes } = await recordingKnxServer(services);
    const a = await tunnelClient(port);
    const b = await tunnelClient(port);
    a.send(tunnelling('01', SWITCH_ON_CEMI));
    // L_Data.con to the sender with its tunnel's address as source; the other sees L_Data.ind.
    expect(await a.next()).toBe('061004200015040100002e00bce011f00a03010081');
    expect(await b.next()).toBe('061004200015040200002900bce011f00a03010081');
    expect(writes).toEqual([['1/2/3', '01', true]]);
    // DPT 9 21.5 °C (0x0c33) to 1/2/4 from 1.1.7; the client's acknowledgement is ignored.
    a.send(`${tunnelling('01', '11 00 bc e0 1107 0a04 03 0080 0c33')} 06100421000a04010000`);
    expect(await a.next()).toBe('061004200017040101002e00bce011070a040300800c33');
    expect(await eventually(() => writes[1])).toEqual(['1/2/4', '0c33', false]);
    a.send(state('01'));
    expect(await a.next()).toBe('06100208000801' + '00'); // no TUNNELLING_ACK came before it
  });

  it('indicates the bus telegrams to every tunnel, short values inside the APCI', async () => {
    const { port, server } = await recordingKnxServer(services);
    const a = await tunnelClient(port);
    const b = await tunnelClient(port);
    expect(server.indicate('1/2/5', 1)).toBe(2);
    expect(await a.next()).toBe('061004200015040100002900bce011010a05010081');
    expect(await b.next()).toBe('061004200015040200002900bce011010a05010081');
    server.indicate('1/2/6', Buffer.from([0x0c, 0xe2]));
    expect(await a.next()).toBe('061004200017040101002900bce011010a0603' + '00800ce2');
    expect(() => server.indicate('32/0/0', 1)).toThrow();
    expect(() => server.indicate('1/2/3', 64)).toThrow(RangeError);
  });

  it('reads frames split across chunks and several in one chunk', async () => {
    const { port } = await recordingKnxServer(services);
    const client = await rawKnxClient(port);
    for (const byte of Buffer.from(CONNECT.replace(/\s/g, ''), 'hex')) {
      client.socket.write(Buffer.of(byte));
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await client.next()).toBe(connectResponse('01', '11f0'));
    client.send(`${state('01')} ${state('01')}`);
    expect([await client.next(), await client.next()]).toEqual(Array(2).fill('0610020800080100'));
  });

  it('refuses UDP endpoints, other connection types and layers, and too many tunnels', async () => {
    const { port } = await recordingKnxServer(services, { maxTunnels: 1 });
    const client = await rawKnxClient(port);
    client.send(CONNECT.replace(/08 02/g, '08 01'));
    expect(await client.next()).toBe('061002060008' + '0001'); // E_HOST_PROTOCOL_TYPE
    client.send(CONNECT.replace('04 04 02 00', '04 03 02 00'));
    expect(await client.next()).toBe('061002060008' + '0022'); // E_CONNECTION_TYPE
    client.send(CONNECT.replace('04 04 02 00', '04 04 80 00'));
    expect(await client.next()).toBe('061002060008' + '0029'); // E_TUNNELLING_LAYER
    expect((await tunnelClient(port)).reply).toBe(connectResponse('01', '11f0'));
    expect((await tunnelClient(port)).reply).toBe('061002060008' + '0024'); // E_NO_MORE_CONNECTIONS
  });

  it('gives a tunnel the address its client asks for (extended CRI) if it is a free one', async () => {
    const { port } = await recordingKnxServer(services);
    const asking = (address: string) =>
      CONNECT.replace('001a', '001c').replace('04 04 02 00', `06 04 02 00 ${address}`);
    const client = await rawKnxClient(port);
    client.send(asking('11f5')); // 1.1.245: tunnel 6
    expect(await client.next()).toBe(connectResponse('06', '11f5'));
    const other = await rawKnxClient(port);
    other.send(asking('11f5')); // taken
    expect(await other.next()).toBe('061002060008' + '0025'); // E_NO_MORE_UNIQUE_CONNECTIONS
    other.send(asking('1103')); // not one of ours
    expect(await other.next()).toBe('061002060008' + '0025');
  });

  it('disconnects on request, freeing the tunnel, then ends the connection', async () => {
    const { port, server } = await recordingKnxServer(services);
    const client = await tunnelClient(port);
    client.send(`06 10 0209 0010 01 00 ${HPAI_TCP}`);
    expect(await client.next()).toBe('0610020a000801' + '00');
    await client.closed;
    await until(() => server.tunnelCount === 0);
  });

  it.each([
    ['garbage', '68656c6c6f20776f726c640d0a'],
    ['a wrong header length', '05 10 0207 0010 01 00 08 02 00000000 0000'],
    ['an oversized frame', `06 10 0420 0258 ${'00'.repeat(100)}`],
    ['a body shorter than its service needs', '06 10 0207 000c 01 00 08 02 0000'],
    [
      'an unknown service (SECURE_SESSION_REQUEST)',
      `06 10 0951 002e ${HPAI_TCP} ${'ab'.repeat(32)}`,
    ],
    ['a malformed cEMI', tunnelling('02', '11 00 bc e0 0000 0a03 05 0081')],
  ])('closes the socket on %s, and only that one', async (_what, hex) => {
    const { port, server } = await recordingKnxServer(services);
    const good = await tunnelClient(port);
    const bad = await tunnelClient(port);
    bad.send(hex);
    expect(await bad.next()).toBe('closed');
    good.send(state('01'));
    expect(await good.next()).toBe('0610020800080100');
    expect(server.tunnelCount).toBe(1);
  });

  it('bounds sockets and closes one that opens no tunnel in time', async () => {
    const { port } = await recordingKnxServer(services, { maxSockets: 2, idleMs: 100 });
    const [a, b] = [await rawKnxClient(port), await rawKnxClient(port)];
    const third = await rawKnxClient(port);
    await third.closed;
    await Promise.all([a.closed, b.closed]); // idle: no CONNECT_REQUEST within 100 ms
  });

  it('close() sends DISCONNECT_REQUEST to every tunnel and ends every socket', async () => {
    const { port, server } = await recordingKnxServer(services);
    const client = await tunnelClient(port);
    const idle = await rawKnxClient(port);
    await server.close();
    expect(await client.next()).toBe('061002090010' + '0100' + '0802000000000000');
    await Promise.all([client.closed, idle.closed]);
  });
});
