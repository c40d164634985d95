import type { Socket } from 'node:net';
import { KNXClient, KNXClientEvents } from 'knxultimate';
import { afterEach, describe, expect, it } from 'vitest';
import { knxClient, knxConnected, plainTcpKnxClient } from './knx-client.testing';
import { recordingKnxServer, serviceTracker, until } from './local-test-kit.testing';

/** The server driven by an independent implementation: knxultimate's KNXClient over TCP. */

const services = serviceTracker();
const clients: KNXClient[] = [];
afterEach(async () => {
  await Promise.all(
    clients.splice(0).map((c) => (c.isConnected() ? c.Disconnect() : Promise.resolve())),
  );
  await services.closeAll();
});

const kept = (c: KNXClient) => (clients.push(c), c);
const client = (port: number, errors: Error[]) => kept(knxClient(port, errors));
const plainTcpClient = (port: number, errors: Error[]) => kept(plainTcpKnxClient(port, errors));
const connected = (c: KNXClient) => knxConnected(c);

/** Indications the client received from the server (not the echoes of its own writes). */
function indications(c: KNXClient) {
  const seen: { src: string; ga: string; data: string }[] = [];
  c.on(KNXClientEvents.indication, (packet, echoed) => {
    const cemi = packet.cEMIMessage;
    if (echoed || !cemi.npdu.isGroupWrite) return;
    const [src, ga] = [cemi.srcAddress.toString(), cemi.dstAddress.toString()];
    seen.push({ src, ga, data: cemi.npdu.dataValue.toString('hex') });
  });
  return seen;
}

describe('KNXnet/IP TCP server with knxultimate as the client', () => {
  it('connects, answers the heartbeat, takes DPT 1 and DPT 9 writes, disconnects cleanly', async () => {
    const { server, port, writes } = await recordingKnxServer(services);
    const errors: Error[] = [];
    const c = plainTcpClient(port, errors);
    const states: number[] = [];
    c.on(KNXClientEvents.response, (_host, header) => states.push(header.service_type));
    await connected(c);
    expect(server.tunnelCount).toBe(1);
    await until(() => states.includes(0x0208)); // CONNECTIONSTATE_RESPONSE
    c.write('1/2/3', true, '1.001');
    c.write('1/2/4', 21.5, '9.001');
    await until(() => writes.length === 2);
    expect(writes).toEqual([
      ['1/2/3', '01', true],
      ['1/2/4', '0c33', false],
    ]);
    // knxultimate 5.4 never emits `disconnected` over TCP (its closeSocket promise does not
    // settle), so the DISCONNECT_RESPONSE is looked for on its socket.
    const received: string[] = [];
    c.tcpSocket?.on('data', (chunk: Buffer) => received.push(chunk.toString('hex')));
    await c.Disconnect();
    expect(received.join('')).toContain('0610020a0008' + '0100');
    expect(c.isConnected()).toBe(false);
    await until(() => server.tunnelCount === 0);
    expect(errors).toEqual([]);
  });

  it("receives the bus's telegrams and another tunnel's writes as indications", async () => {
    const { server, port } = await recordingKnxServer(services);
    const errors: Error[] = [];
    const [a, b] = [plainTcpClient(port, errors), plainTcpClient(port, errors)];
    const [seenByA, seenByB] = [indications(a), indications(b)];
    await connected(a);
    await connected(b);
    expect(server.indicate('1/2/5', 1)).toBe(2);
    server.indicate('1/2/6', Buffer.from([0x0c, 0xe2])); // 25.0 °C
    b.write('1/2/7', 42, '5.010');
    await until(() => seenByA.length === 3);
    expect(seenByA).toEqual([
      { src: '1.1.1', ga: '1/2/5', data: '01' },
      { src: '1.1.1', ga: '1/2/6', data: '0ce2' },
      { src: '1.1.241', ga: '1/2/7', data: '2a' }, // b's tunnel address
    ]);
    expect(seenByB).toEqual(seenByA.slice(0, 2));
    expect(a.isConnected() && b.isConnected()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("refuses knxultimate's unmodified TunnelTCP, which opens a KNX IP Secure session", async () => {
    const { server, port } = await recordingKnxServer(services);
    const c = client(port, []);
    const first = new Promise<string>((resolve) =>
      server.server.once('connection', (s: Socket) =>
        s.once('data', (d: Buffer) => resolve(d.toString('hex'))),
      ),
    );
    const closed = new Promise((resolve) => c.tcpSocket?.once('close', resolve));
    c.Connect();
    expect(await first).toMatch(/^06100951/); // SECURE_SESSION_REQUEST
    await closed;
    expect(server.tunnelCount).toBe(0);
  });
});
