import type { Client } from 'aedes';
import { PROTOCOL_LIMITS } from '@atrium/contracts/gateway-protocol';

/**
 * The largest packet before login. A gateway's CONNECT (client id, MAC, secret, last
 * will `offline`) takes about 100 bytes; aedes would otherwise buffer whatever length
 * a client announces (up to 256 MiB) before it even asks who the client is.
 */
export const PRE_LOGIN_MAX_PACKET_BYTES = 1024;

/**
 * The largest packet after login: the payload limit (64 KiB, refused as `oversized` by
 * the hub) plus room for the topic and the message id. A larger packet cannot be a
 * publish the hub would accept, so it is refused before it is buffered.
 */
export const MAX_PACKET_BYTES = PROTOCOL_LIMITS.maxPayloadBytes + 1024;

/** The parts of aedes' mqtt-packet parser the guard uses (private to aedes). */
interface PacketParser {
  packet: { length: number };
  _parseLength: (this: PacketParser) => boolean;
}

function isPacketParser(value: unknown): value is PacketParser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, '_parseLength') === 'function' &&
    typeof Reflect.get(value, 'packet') === 'object'
  );
}

/** A client's packet limit; `raise` sets the post-login one. */
export interface PacketLimit {
  raise(maxBytes: number): void;
}

/**
 * Refuses any packet of `client` whose fixed header announces more than the limit: the
 * check runs once the remaining length is read, before a byte of the body is awaited,
 * and `refuse` (which closes the connection) is called instead. mqtt-packet has no
 * limit of its own, so the guard wraps the parser's length step; the cost is one
 * comparison per packet. aedes' parser is private: if an upgrade moves it, this throws
 * at the first connection (and the tests fail) rather than let the broker run unguarded.
 */
export function guardPacketSize(
  client: Client,
  maxBytes: number,
  refuse: (announced: number) => void,
): PacketLimit {
  const parser: unknown = Reflect.get(client, '_parser');
  if (!isPacketParser(parser)) throw new Error('aedes client has no mqtt-packet parser');
  const parseLength = parser._parseLength;
  let limit = maxBytes;
  let refused = false;
  parser._parseLength = function guardedParseLength(this: PacketParser) {
    if (refused || !parseLength.call(this)) return false;
    if (this.packet.length <= limit) return true;
    refused = true; // nothing after this header is parsed
    refuse(this.packet.length);
    return false;
  };
  return { raise: (bytes) => (limit = bytes) };
}
