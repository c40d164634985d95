import { connect, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';
import { expect } from 'vitest';

/**
 * A TCP connection to the broker that speaks whatever bytes the test writes, from
 * `localAddress` (any of 127.0.0.0/8 on Linux: another client's address).
 */
export function rawSocket(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
    socket.on('error', () => {}); // a reset by the broker is what some tests expect
  });
}

/** Whether the broker closes `socket` within `ms`. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.closed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** MQTT's remaining length, a variable byte integer. */
function remainingLength(n: number): number[] {
  const bytes: number[] = [];
  let rest = n;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return bytes;
}

/**
 * The start of a packet whose fixed header announces `announced` bytes (200 MB in the
 * tests), followed by `sent` bytes of it: what a hostile client writes before stalling.
 */
export function hugePacketStart(firstByte: number, announced: number, sent = 4096): Buffer {
  return Buffer.concat([
    Buffer.from([firstByte, ...remainingLength(announced)]),
    Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0xc2, 0, 30]),
    Buffer.alloc(sent, 0x61),
  ]);
}

/** A raw socket logged in as a gateway (CONNACK 0 read), for writing raw packets next. */
export async function rawLogin(
  port: number,
  mac: string,
  secret: string,
  localAddress?: string,
): Promise<Socket> {
  const socket = await rawSocket(port, localAddress);
  const connack = new Promise<Buffer>((resolve) => socket.once('data', resolve));
  socket.write(
    mqttPacket.generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: `gw-${mac}`,
      clean: true,
      keepalive: 30,
      username: mac,
      password: Buffer.from(secret),
    }),
  );
  const reply = await connack;
  if (reply[0] !== 0x20 || reply[3] !== 0) throw new Error(`CONNACK ${reply[3]}`);
  return socket;
}

/**
 * With a share of one connection not logged in per address (decision 0068): `holder` takes
 * its place with a silent connection on `ports[0]`; its second, on `ports[1]`, is closed at
 * once (not at the login timeout), while the gateway logs in from `other` on `ports[2]` and
 * the first stays open. The ports are the broker's, or a balancer's front ends.
 */
export async function expectShareOfOne(o: {
  ports: [number, number, number];
  holder: string;
  other: string;
  gateway: { mac: string; secret: string };
}) {
  const idle = await rawSocket(o.ports[0], o.holder);
  await new Promise((r) => setTimeout(r, 200));
  const second = await rawSocket(o.ports[1], o.holder);
  expect(await closedWithin(second, 700)).toBe(true);
  const there = await rawLogin(o.ports[2], o.gateway.mac, o.gateway.secret, o.other);
  expect(idle.closed).toBe(false);
  idle.destroy();
  there.destroy();
}
