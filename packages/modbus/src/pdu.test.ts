import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from './codec-error.testing';
import { decodeResponse, encodeRequest, type ModbusRequest } from './pdu';

const bytes = (...values: number[]): Uint8Array => Uint8Array.of(...values);

describe('encodeRequest', () => {
  it.each<[ModbusRequest, number[]]>([
    [{ functionCode: 1, address: 0x0013, quantity: 19 }, [0x01, 0x00, 0x13, 0x00, 0x13]],
    [{ functionCode: 2, address: 0x00c4, quantity: 2000 }, [0x02, 0x00, 0xc4, 0x07, 0xd0]],
    [{ functionCode: 3, address: 0x006b, quantity: 3 }, [0x03, 0x00, 0x6b, 0x00, 0x03]],
    [{ functionCode: 4, address: 0xff83, quantity: 125 }, [0x04, 0xff, 0x83, 0x00, 0x7d]],
    [{ functionCode: 5, address: 0x00ac, value: true }, [0x05, 0x00, 0xac, 0xff, 0x00]],
    [{ functionCode: 5, address: 0x00ac, value: false }, [0x05, 0x00, 0xac, 0x00, 0x00]],
    [{ functionCode: 6, address: 0x0001, value: 0x0003 }, [0x06, 0x00, 0x01, 0x00, 0x03]],
  ])('%j', (request, expected) => {
    expect(Array.from(encodeRequest(request))).toEqual(expected);
  });

  it('refuses quantities, addresses and values outside their ranges', () => {
    const bad: ModbusRequest[] = [
      { functionCode: 1, address: 0, quantity: 0 },
      { functionCode: 2, address: 0, quantity: 2001 },
      { functionCode: 3, address: 0, quantity: 126 },
      { functionCode: 4, address: 0, quantity: 1.5 },
      { functionCode: 3, address: 65535, quantity: 2 },
      { functionCode: 3, address: -1, quantity: 1 },
      { functionCode: 6, address: 65536, value: 1 },
      { functionCode: 6, address: 0, value: 65536 },
      { functionCode: 6, address: 0, value: -1 },
      JSON.parse('{"functionCode":5,"address":0,"value":1}') as ModbusRequest,
      JSON.parse('{"functionCode":16,"address":0,"quantity":1}') as ModbusRequest,
    ];
    for (const request of bad) expect(codeOf(() => encodeRequest(request))).toBe('badPdu');
  });
});

describe('decodeResponse', () => {
  it('reads registers, bits, write echoes and exceptions', () => {
    expect(decodeResponse(3, bytes(0x03, 0x04, 0x02, 0x2b, 0x00, 0x64))).toEqual({
      kind: 'registers',
      registers: [0x022b, 0x0064],
    });
    expect(decodeResponse(4, bytes(0x04, 0x02, 0xff, 0xfe), 1)).toEqual({
      kind: 'registers',
      registers: [0xfffe],
    });
    expect(decodeResponse(1, bytes(0x01, 0x02, 0xcd, 0x01), 10)).toEqual({
      kind: 'bits',
      bits: [1, 0, 1, 1, 0, 0, 1, 1, 1, 0],
    });
    expect(decodeResponse(2, bytes(0x02, 0x01, 0x81))).toEqual({
      kind: 'bits',
      bits: [1, 0, 0, 0, 0, 0, 0, 1],
    });
    expect(decodeResponse(5, bytes(0x05, 0x00, 0xac, 0xff, 0x00))).toEqual({
      kind: 'written',
      address: 0xac,
      value: true,
    });
    expect(decodeResponse(6, bytes(0x06, 0x00, 0x01, 0x00, 0x03))).toEqual({
      kind: 'written',
      address: 1,
      value: 3,
    });
    expect(decodeResponse(3, bytes(0x83, 0x02))).toEqual({ kind: 'exception', code: 2 });
  });

  it('refuses malformed replies', () => {
    const bad: [string, () => unknown][] = [
      ['empty', () => decodeResponse(3, bytes())],
      ['other function', () => decodeResponse(3, bytes(0x04, 0x02, 0, 1))],
      ['other exception', () => decodeResponse(3, bytes(0x84, 0x02))],
      ['long exception', () => decodeResponse(3, bytes(0x83, 0x02, 0x00))],
      ['short exception', () => decodeResponse(1, bytes(0x81))],
      ['byte count too big', () => decodeResponse(3, bytes(0x03, 0x04, 0, 1))],
      ['byte count too small', () => decodeResponse(3, bytes(0x03, 0x02, 0, 1, 0, 2))],
      ['byte count 0', () => decodeResponse(1, bytes(0x01, 0x00))],
      ['odd register bytes', () => decodeResponse(3, bytes(0x03, 0x03, 0, 1, 2))],
      ['126 registers', () => decodeResponse(3, bytes(0x03, 252, ...new Array<number>(252)))],
      ['registers asked', () => decodeResponse(3, bytes(0x03, 0x02, 0, 1), 2)],
      ['bits asked', () => decodeResponse(1, bytes(0x01, 0x01, 0xff), 9)],
      ['coil value', () => decodeResponse(5, bytes(0x05, 0, 1, 0x12, 0x34))],
      ['short echo', () => decodeResponse(6, bytes(0x06, 0, 1, 0))],
      ['function 7', () => decodeResponse(JSON.parse('7') as 1, bytes(0x07, 0))],
    ];
    for (const [name, run] of bad) expect(codeOf(run), name).toBe('badPdu');
  });

  it('decodes what a server would send for any read', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<3 | 4>(3, 4),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 125 }),
        (functionCode, registers) => {
          const pdu = Buffer.alloc(2 + registers.length * 2);
          pdu.writeUInt8(functionCode, 0);
          pdu.writeUInt8(registers.length * 2, 1);
          registers.forEach((r, i) => pdu.writeUInt16BE(r, 2 + 2 * i));
          expect(decodeResponse(functionCode, pdu, registers.length)).toEqual({
            kind: 'registers',
            registers,
          });
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 2000 }),
        (bits) => {
          const packed = new Uint8Array(Math.ceil(bits.length / 8));
          bits.forEach((bit, i) => (packed[i >> 3] = (packed[i >> 3] ?? 0) | (bit << (i % 8))));
          const pdu = bytes(0x01, packed.length, ...packed);
          expect(decodeResponse(1, pdu, bits.length)).toEqual({ kind: 'bits', bits });
        },
      ),
    );
  });
});
