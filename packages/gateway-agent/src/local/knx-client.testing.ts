import { KNXClient, KNXClientEvents } from 'knxultimate';

/**
 * knxultimate's KNXClient over KNXnet/IP TCP, for tests (gateway agent, server, e2e).
 *
 * knxultimate 5.4 has no plain TCP connect: with `hostProtocol: 'TunnelTCP'` it always opens
 * a KNX IP Secure session first (SECURE_SESSION_REQUEST 0x0951). So `plainTcpKnxClient`
 * replaces that one step with the CONNECT_REQUEST the library itself builds to send inside the
 * session, sent in the clear. Everything after it is the library's own plain TCP code
 * (isSecureKNXEnabled false): its CONNECT_RESPONSE parsing, its encoding of writes, its
 * heartbeat, indications, disconnect.
 */
export function knxClient(port: number, errors: Error[], host = '127.0.0.1') {
  const c = new KNXClient({
    hostProtocol: 'TunnelTCP',
    ipAddr: host,
    ipPort: port,
    loglevel: 'disable',
    KNXQueueSendIntervalMilliseconds: 5,
  });
  c.on(KNXClientEvents.error, (e) => errors.push(e));
  return c;
}

export function plainTcpKnxClient(port: number, errors: Error[], host = '127.0.0.1') {
  const c = knxClient(port, errors, host);
  const build: unknown = Reflect.get(c, 'secureBuildConnectRequest');
  if (typeof build !== 'function' || typeof Reflect.get(c, 'secureStartSession') !== 'function') {
    throw new Error('knxultimate changed: its TCP connect steps are not where this test expects');
  }
  Reflect.set(c, 'secureStartSession', async () => {
    const frame: unknown = Reflect.apply(build, c, []);
    if (!Buffer.isBuffer(frame)) throw new Error('knxultimate built no CONNECT_REQUEST');
    c.tcpSocket?.write(frame);
  });
  return c;
}

/** Connects; fails fast on an error or a closed socket (knxultimate emits no `disconnected`). */
export const knxConnected = (c: KNXClient, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not connected within ${timeoutMs} ms`)),
      timeoutMs,
    );
    c.once(KNXClientEvents.connected, () => (clearTimeout(timer), resolve()));
    c.once(KNXClientEvents.error, reject);
    c.tcpSocket?.once('close', () => reject(new Error('socket closed')));
    c.Connect();
  });
