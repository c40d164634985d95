import { isIP, type Socket } from 'node:net';

/**
 * The PROXY protocol header (versions 1 and 2, haproxy.org/download/2.6/doc/proxy-protocol.txt)
 * that a TCP balancer sends first on each connection it opens to a node, naming the client it
 * carries (decision 0069). Only for the ports an operator puts behind such a balancer:
 * `MQTT_PROXY_PROTOCOL`, `TUNNEL_PROXY_PROTOCOL`.
 */

/** Version 2's signature: the first 12 bytes. */
const V2_SIGNATURE = Buffer.from([
  0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a,
]);
/** Version 1's longest line, CRLF included (the specification's own bound). */
const V1_MAX_BYTES = 107;
/**
 * Version 2's longest header taken: 16 bytes, then addresses and TLVs. A balancer sends 28
 * (IPv4) or 52 (IPv6) bytes, a little more with TLVs; past this the connection is refused.
 */
export const PROXY_V2_MAX_BYTES = 1_024;

/** A complete header: the client's address (undefined: the balancer speaks for itself). */
export interface ProxyHeader {
  address: string | undefined;
  /** The header's length in bytes: what follows is the client's. */
  length: number;
}

export class ProxyHeaderError extends Error {}

/**
 * Reads the header at the start of `bytes`: the header, `undefined` while more bytes are
 * needed, or throws ProxyHeaderError for anything but a well-formed header (a client that
 * connects straight to a port that expects a balancer sends none).
 */
export function parseProxyHeader(bytes: Buffer): ProxyHeader | undefined {
  const start = Math.min(bytes.length, V2_SIGNATURE.length);
  if (bytes.subarray(0, start).equals(V2_SIGNATURE.subarray(0, start))) return parseV2(bytes);
  if (bytes.subarray(0, 6).toString('latin1') !== 'PROXY '.slice(0, Math.min(6, bytes.length)))
    throw new ProxyHeaderError('no PROXY protocol header');
  return parseV1(bytes);
}

function parseV1(bytes: Buffer): ProxyHeader | undefined {
  const end = bytes.subarray(0, V1_MAX_BYTES).indexOf('\r\n');
  if (end < 0) {
    if (bytes.length >= V1_MAX_BYTES) throw new ProxyHeaderError('PROXY v1 line too long');
    return undefined;
  }
  const fields = bytes.subarray(0, end).toString('latin1').split(' ');
  const length = end + 2;
  // "PROXY UNKNOWN ...": the balancer could not tell (or its own health check).
  if (fields[1] === 'UNKNOWN') return { address: undefined, length };
  const [, family, source, destination, sourcePort, destinationPort] = fields;
  const version = family === 'TCP4' ? 4 : family === 'TCP6' ? 6 : 0;
  if (
    fields.length !== 6 ||
    version === 0 ||
    isIP(source ?? '') !== version ||
    isIP(destination ?? '') !== version ||
    !isPort(sourcePort) ||
    !isPort(destinationPort)
  ) {
    throw new ProxyHeaderError('malformed PROXY v1 line');
  }
  return { address: source, length };
}

const isPort = (s: string | undefined) =>
  s !== undefined && /^(0|[1-9]\d{0,4})$/.test(s) && Number(s) <= 65_535;

function parseV2(bytes: Buffer): ProxyHeader | undefined {
  if (bytes.length < 16) return undefined;
  const versionCommand = bytes[12] ?? 0;
  const family = bytes[13] ?? 0;
  const length = 16 + bytes.readUInt16BE(14);
  if (versionCommand >> 4 !== 2) throw new ProxyHeaderError('PROXY v2: unknown version');
  if (length > PROXY_V2_MAX_BYTES) throw new ProxyHeaderError('PROXY v2 header too long');
  if (bytes.length < length) return undefined;
  const command = versionCommand & 0x0f;
  // LOCAL: the balancer's own connection (a health check), no client behind it.
  if (command === 0) return { address: undefined, length };
  if (command !== 1) throw new ProxyHeaderError('PROXY v2: unknown command');
  // Over TCP (stream) only: TCP4 (0x11) and TCP6 (0x21); anything else is not a client of ours.
  if (family === 0x11 && length >= 16 + 12) {
    return { address: [...bytes.subarray(16, 20)].join('.'), length };
  }
  if (family === 0x21 && length >= 16 + 36) {
    const groups = [];
    for (let i = 0; i < 8; i++) groups.push(bytes.readUInt16BE(16 + 2 * i).toString(16));
    // In its shortest form (2001:db8::7), as Node names a peer.
    return { address: new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1), length };
  }
  // UNSPEC: the balancer could not tell.
  if (family === 0x00) return { address: undefined, length };
  throw new ProxyHeaderError('PROXY v2: not a TCP client');
}

/**
 * Reads the header off a socket that has not been read yet (paused on connect, or just
 * accepted), and puts back what followed it. Resolves with the client's address, or the
 * socket's own peer when the balancer names none; rejects if the header is malformed, or the
 * socket closes or errs first. The caller bounds the wait (it closes the socket). At most
 * `PROXY_V2_MAX_BYTES` and one stream buffer (16 KiB) are held meanwhile. The socket is left
 * paused, with an error listener (the promise settles once): whoever takes it next reads on.
 */
export function readProxyHeader(socket: Socket): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let bytes: Buffer = Buffer.alloc(0);
    const finish = (err: Error | undefined, address?: string) => {
      socket.off('readable', onReadable);
      socket.off('close', onClose);
      if (err) reject(err);
      else resolve(address);
    };
    const onClose = () => finish(new ProxyHeaderError('closed before its PROXY header'));
    // Stays: once read, the socket goes on reading (up to one stream buffer) until its next
    // reader attaches its own listener, and a reset meanwhile must not end the process.
    const onError = (err: Error) => finish(err);
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = socket.read() as Buffer | null) !== null) {
        bytes = bytes.length === 0 ? chunk : Buffer.concat([bytes, chunk]);
        let header: ProxyHeader | undefined;
        try {
          header = parseProxyHeader(bytes);
        } catch (err) {
          return finish(err as Error);
        }
        if (!header) continue;
        const rest = bytes.subarray(header.length);
        // Put back before anyone else can listen: the next reader gets them first.
        if (rest.length > 0) socket.unshift(rest);
        return finish(undefined, header.address ?? socket.remoteAddress);
      }
    };
    socket.on('readable', onReadable);
    socket.once('close', onClose);
    socket.on('error', onError);
  });
}
