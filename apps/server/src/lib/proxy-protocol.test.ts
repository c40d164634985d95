import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseProxyHeader,
  PROXY_V2_MAX_BYTES,
  ProxyHeaderError,
  readProxyHeader,
} from './proxy-protocol';

const SIGNATURE = '0d0a0d0a000d0a515549540a';
const v2 = (command: number, family: number, body: string) =>
  Buffer.from(
    SIGNATURE +
      command.toString(16).padStart(2, '0') +
      family.toString(16).padStart(2, '0') +
      (body.length / 2).toString(16).padStart(4, '0') +
      body,
    'hex',
  );

describe('parseProxyHeader', () => {
  it('reads a version 1 line, for IPv4 and IPv6, and UNKNOWN', () => {
    const line = 'PROXY TCP4 198.51.100.7 192.0.2.1 51000 1883\r\n';
    expect(parseProxyHeader(Buffer.from(line + '\x10\x20'))).toEqual({
      address: '198.51.100.7',
      length: line.length,
    });
    expect(
      parseProxyHeader(Buffer.from('PROXY TCP6 2001:db8::7 2001:db8::1 51000 2222\r\n'))?.address,
    ).toBe('2001:db8::7');
    expect(parseProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({
      address: undefined,
      length: 15,
    });
  });

  it('waits for the rest of a header cut anywhere', () => {
    const line = Buffer.from('PROXY TCP4 198.51.100.7 192.0.2.1 51000 1883\r\n');
    const binary = v2(0x21, 0x11, 'c6336407c00002010c3808a6');
    for (const header of [line, binary]) {
      for (let cut = 1; cut < header.length; cut++) {
        expect(parseProxyHeader(header.subarray(0, cut))).toBeUndefined();
      }
      expect(parseProxyHeader(header)?.address).toBe('198.51.100.7');
    }
  });

  it('reads a version 2 header: TCP4, TCP6, LOCAL, with TLVs after the addresses', () => {
    // 198.51.100.7 → 192.0.2.1, ports 3128 → 2214.
    const tcp4 = v2(0x21, 0x11, 'c6336407c00002010c3808a6');
    expect(parseProxyHeader(tcp4)).toEqual({ address: '198.51.100.7', length: 28 });
    const tcp6 = v2(
      0x21,
      0x21,
      '20010db8000000000000000000000007' + '20010db8' + '0'.repeat(24) + '0c3808a6',
    );
    expect(parseProxyHeader(tcp6)).toEqual({ address: '2001:db8::7', length: 52 });
    expect(parseProxyHeader(v2(0x20, 0x00, ''))).toEqual({ address: undefined, length: 16 });
    // A TLV (type 0x04, NOOP, 3 bytes) after the addresses is skipped with them.
    const withTlv = v2(0x21, 0x11, 'c6336407c00002010c3808a6' + '040003aabbcc');
    expect(parseProxyHeader(withTlv)).toEqual({ address: '198.51.100.7', length: 34 });
  });

  it('refuses what is not a header: plain MQTT, HTTP, SSH, malformed lines, UDP, oversized', () => {
    const refused = [
      Buffer.from([0x10, 0x12, 0x00, 0x04]), // an MQTT CONNECT
      Buffer.from('GET / HTTP/1.1\r\n'),
      Buffer.from('SSH-2.0-OpenSSH_9.2\r\n'),
      Buffer.from('PROXY TCP4 198.51.100.7 192.0.2.1 51000\r\n'),
      Buffer.from('PROXY TCP4 2001:db8::7 192.0.2.1 51000 1883\r\n'),
      Buffer.from('PROXY TCP4 198.51.100.7 192.0.2.1 51000 65536\r\n'),
      Buffer.from('PROXY TCP5 198.51.100.7 192.0.2.1 51000 1883\r\n'),
      Buffer.from('PROXY ' + 'x'.repeat(120)), // no CRLF within 107 bytes
      v2(0x21, 0x12, 'c6336407c00002010c3808a6'), // UDP over IPv4
      v2(0x31, 0x11, 'c6336407c00002010c3808a6'), // version 3
      v2(0x22, 0x11, 'c6336407c00002010c3808a6'), // command 2
      v2(0x21, 0x11, 'c6336407'), // too short for its addresses
      v2(0x21, 0x11, '00'.repeat(PROXY_V2_MAX_BYTES)), // past what is taken
    ];
    for (const bytes of refused) expect(() => parseProxyHeader(bytes)).toThrow(ProxyHeaderError);
  });
});

describe('readProxyHeader', () => {
  const servers: { close(): void }[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  /** A listener paused on connect (as the MQTT port's) that reads the header then the rest. */
  async function serve(): Promise<{ port: number; next: Promise<Socket> }> {
    let resolve!: (s: Socket) => void;
    const next = new Promise<Socket>((r) => (resolve = r));
    const server = createServer({ pauseOnConnect: true }, resolve);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { port: (server.address() as AddressInfo).port, next };
  }

  const rest = (socket: Socket, bytes: number) =>
    new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d: Buffer) => {
        got += d.toString();
        if (got.length >= bytes) resolve(got);
      });
    });

  it('takes the header off, in pieces, and leaves what follows to the next reader', async () => {
    const { port, next } = await serve();
    const client = connect(port, '127.0.0.1');
    servers.push({ close: () => client.destroy() });
    client.write('PROXY TCP4 198.51.100.7 1');
    const socket = await next;
    const address = readProxyHeader(socket);
    await new Promise((r) => setTimeout(r, 50));
    client.write('92.0.2.1 51000 1883\r\nhello');
    expect(await address).toBe('198.51.100.7');
    const read = rest(socket, 11);
    client.write(' world');
    expect(await read).toBe('hello world');
  });

  it('answers the TCP peer for LOCAL, and rejects plain bytes or a close before the header', async () => {
    const local = await serve();
    const a = connect(local.port, '127.0.0.1');
    servers.push({ close: () => a.destroy() });
    a.write(v2(0x20, 0x00, ''));
    expect(await readProxyHeader(await local.next)).toBe('127.0.0.1');

    const plain = await serve();
    const b = connect(plain.port, '127.0.0.1');
    servers.push({ close: () => b.destroy() });
    b.write(Buffer.from([0x10, 0x12, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54]));
    await expect(readProxyHeader(await plain.next)).rejects.toThrow(ProxyHeaderError);

    const gone = await serve();
    const c = connect(gone.port, '127.0.0.1');
    c.write('PROXY TCP4 198.51');
    const socket = await gone.next;
    const header = readProxyHeader(socket);
    setTimeout(() => c.end(), 50);
    await expect(header).rejects.toThrow(/closed before/);
  });

  it('leaves the socket safe to reset while it waits for its next reader', async () => {
    const { port, next } = await serve();
    const client = connect(port, '127.0.0.1');
    client.write('PROXY TCP4 198.51.100.7 192.0.2.1 51000 1883\r\n');
    const socket = await next;
    expect(await readProxyHeader(socket)).toBe('198.51.100.7');
    // Queued (nobody reads it yet) when the client resets: an error with no listener
    // would end the process.
    const closed = new Promise((r) => socket.once('close', r));
    client.resetAndDestroy();
    await closed;
  });
});
