/**
 * KNXnet/IP frames and the cEMI L_Data frames they carry, as far as tunnelling over TCP needs
 * them (KNXnet/IP Core v2 and Tunnelling, KNX 03.08.02 / 03.08.04; cEMI, 03.06.03). A frame
 * is a 6-byte header (0x06, version 0x10, service type, total length) and a body.
 */

/** Service types of the header. */
export const SERVICE = {
  connectRequest: 0x0205,
  connectResponse: 0x0206,
  connectionStateRequest: 0x0207,
  connectionStateResponse: 0x0208,
  disconnectRequest: 0x0209,
  disconnectResponse: 0x020a,
  tunnellingRequest: 0x0420,
  tunnellingAck: 0x0421,
} as const;

/** Status codes of CONNECT and CONNECTIONSTATE responses. */
export const STATUS = {
  noError: 0x00,
  hostProtocolType: 0x01,
  connectionId: 0x21,
  connectionType: 0x22,
  noMoreConnections: 0x24,
  noMoreUniqueConnections: 0x25,
  tunnellingLayer: 0x29,
} as const;

/** cEMI message codes of link-layer data: request (client → server), confirmation, indication. */
export const CEMI = { dataReq: 0x11, dataCon: 0x2e, dataInd: 0x29 } as const;

export const HEADER_SIZE = 6;
/** Largest frame accepted: tunnelling frames are far smaller; a longer one is hostile. */
export const MAX_FRAME_BYTES = 512;
/** HPAI host protocol code of TCP (UDP is 0x01). */
export const HOST_PROTOCOL_TCP = 0x02;
/**
 * The HPAI of a TCP endpoint: protocol TCP, address and port zero, i.e. "the connection this
 * came over" (route back), since a TCP peer has no other address to answer to.
 */
export const TCP_HPAI = Buffer.from([0x08, HOST_PROTOCOL_TCP, 0, 0, 0, 0, 0, 0]);

/** A frame of `service` whose body is `parts`, with its header and total length. */
export function encodeFrame(service: number, ...parts: (Buffer | number[])[]): Buffer {
  const body = Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeUInt8(HEADER_SIZE, 0);
  header.writeUInt8(0x10, 1);
  header.writeUInt16BE(service, 2);
  header.writeUInt16BE(HEADER_SIZE + body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * Cuts a TCP byte stream into frames. TCP keeps no message boundaries, so a frame may arrive
 * in pieces or several in one chunk; at most one partial frame (under MAX_FRAME_BYTES) is kept.
 */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  /** The complete frames so far, or undefined once the stream is not KNXnet/IP. */
  push(chunk: Buffer): Buffer[] | undefined {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Buffer[] = [];
    while (this.pending.length >= 2) {
      if (this.pending.readUInt8(0) !== HEADER_SIZE || this.pending.readUInt8(1) !== 0x10) {
        return undefined;
      }
      if (this.pending.length < HEADER_SIZE) break;
      const length = this.pending.readUInt16BE(4);
      if (length < HEADER_SIZE || length > MAX_FRAME_BYTES) return undefined;
      if (this.pending.length < length) break;
      frames.push(this.pending.subarray(0, length));
      this.pending = this.pending.subarray(length);
    }
    return frames;
  }
}

/** A cEMI L_Data frame (standard or extended), its additional information dropped. */
export interface LData {
  code: number;
  ctrl1: number;
  ctrl2: number;
  /** Individual address of the sender. */
  src: number;
  /** Group address when `ctrl2 & 0x80`, else an individual address. */
  dst: number;
  /** TPCI/APCI byte pair and the data after it (the length byte's value + 1 bytes). */
  tpdu: Buffer;
}

/** Reads an L_Data frame; undefined when its lengths do not add up. */
export function parseLData(cemi: Buffer): LData | undefined {
  if (cemi.length < 2) return undefined;
  const base = 2 + cemi.readUInt8(1);
  // The length byte counts the TPDU's bytes after the first: 0 for a bare TPCI (T_Connect),
  // 1 for a 6-bit value.
  if (cemi.length < base + 8) return undefined;
  if (cemi.length !== base + 8 + cemi.readUInt8(base + 6)) return undefined;
  return {
    code: cemi.readUInt8(0),
    ctrl1: cemi.readUInt8(base),
    ctrl2: cemi.readUInt8(base + 1),
    src: cemi.readUInt16BE(base + 2),
    dst: cemi.readUInt16BE(base + 4),
    tpdu: cemi.subarray(base + 7),
  };
}

/** Writes an L_Data frame without additional information. */
export function encodeLData(f: LData): Buffer {
  const head = Buffer.alloc(9);
  head.writeUInt8(f.code, 0);
  head.writeUInt8(f.ctrl1, 2);
  head.writeUInt8(f.ctrl2, 3);
  head.writeUInt16BE(f.src, 4);
  head.writeUInt16BE(f.dst, 6);
  head.writeUInt8(f.tpdu.length - 1, 8);
  return Buffer.concat([head, f.tpdu]);
}

const GROUP_ADDRESS = 0x80;
const GROUP_VALUE_WRITE = 0x080;

/** Whether the frame is sent to a group address (rather than to one device). */
export const isGroupFrame = (f: LData) => (f.ctrl2 & GROUP_ADDRESS) !== 0;

/**
 * The value of a GroupValueWrite: its data bytes, or for a value of 6 bits or fewer (DPT 1,
 * 2, 3), carried inside the APCI byte, those bits alone as one byte (`short`). Undefined for
 * any other frame.
 */
export function groupWriteValue(f: LData): { data: Buffer; short: boolean } | undefined {
  const [tpci = 0, apciLow = 0] = f.tpdu;
  // APCI: the 2 low bits of the first byte and the 2 high bits of the second (6 + 4 bits).
  const apci = ((tpci & 0x03) << 8) | (apciLow & 0xc0);
  if (!isGroupFrame(f) || f.tpdu.length < 2 || apci !== GROUP_VALUE_WRITE) return undefined;
  if (f.tpdu.length === 2) return { data: Buffer.of(apciLow & 0x3f), short: true };
  return { data: Buffer.from(f.tpdu.subarray(2)), short: false };
}

/**
 * An L_Data.ind GroupValueWrite from `src` to the group `dst`, as a device on the bus sends
 * it: a number 0–63 is a short value (DPT 1, 2, 3) inside the APCI byte, a Buffer of 1–14
 * bytes the data after it (a standard frame holds no more).
 */
export function groupWriteIndication(src: number, dst: number, value: Buffer | number): Buffer {
  if (typeof value === 'number' && !(Number.isInteger(value) && value >= 0 && value <= 0x3f)) {
    throw new RangeError(`a short group value is 0 to 63, not ${value}`);
  }
  if (Buffer.isBuffer(value) && (value.length < 1 || value.length > 14)) {
    throw new RangeError(`group value data is 1 to 14 bytes, not ${value.length}`);
  }
  const tpdu =
    typeof value === 'number'
      ? Buffer.of(0x00, 0x80 | value)
      : Buffer.concat([Buffer.of(0, 0x80), value]);
  // Standard frame, not repeated, broadcast, low priority; group address, hop count 6.
  return encodeLData({ code: CEMI.dataInd, ctrl1: 0xbc, ctrl2: 0xe0, src, dst, tpdu });
}
