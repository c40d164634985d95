/**
 * Modbus codec benchmark (issue 15): decodeRegisters over one large register array laid out
 * as a gateway's polls would give it, a mix of every numeric type and all four byte orders,
 * with and without scale factors, and a few short STRINGs. Reports registers decoded per
 * second (median of the rounds, after a warm-up round) and the same for a Uint16Array.
 * Target: ≥ 5 M registers/s on the plain number[] (what decodeResponse returns).
 * Knobs: MODBUS_BENCH_REGISTERS (2,000,000), MODBUS_BENCH_ROUNDS (7).
 * Run alone: `node --import tsx bench/modbus.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { decodeRegisters, wordsFor, type ValueFormat } from '@atrium/modbus/codec';
import { envNumber } from './knobs';

const REGISTERS = envNumber('MODBUS_BENCH_REGISTERS', 2_000_000);
const ROUNDS = envNumber('MODBUS_BENCH_ROUNDS', 7);
const TARGET_PER_SECOND = 5_000_000;

const ABCD = { swapBytes: false, swapWords: false };
const BADC = { swapBytes: true, swapWords: false };
const CDAB = { swapBytes: false, swapWords: true };
const DCBA = { swapBytes: true, swapWords: true };

/** One meter's values, repeated over the array: 36 registers, 18 values. */
const METER: ValueFormat[] = [
  { dataType: 'FLOAT32', ...ABCD },
  { dataType: 'FLOAT32', ...CDAB },
  { dataType: 'FLOAT32', ...BADC },
  { dataType: 'FLOAT32', ...DCBA, scaleFactor: 0.001 },
  { dataType: 'FLOAT32', ...CDAB, scaleFactor: 10 },
  { dataType: 'INT16', ...ABCD },
  { dataType: 'INT16', ...BADC, scaleFactor: 0.1 },
  { dataType: 'UINT16', ...ABCD, scaleFactor: 0.01 },
  { dataType: 'UINT16', ...DCBA },
  { dataType: 'INT32', ...ABCD },
  { dataType: 'INT32', ...CDAB, scaleFactor: 0.001 },
  { dataType: 'INT32', ...DCBA },
  { dataType: 'UINT32', ...ABCD, scaleFactor: 0.1 },
  { dataType: 'UINT32', ...CDAB },
  { dataType: 'UINT32', ...BADC, scaleFactor: 1.5 },
  { dataType: 'FLOAT32', ...ABCD, scaleFactor: -1 },
  { dataType: 'STRING', wordLength: 4 },
  { dataType: 'STRING', wordLength: 4, swapBytes: true },
];

interface Layout {
  formats: ValueFormat[];
  offsets: Int32Array;
  registers: number;
}

function layOut(total: number): Layout {
  const formats: ValueFormat[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (let i = 0; ; i = (i + 1) % METER.length) {
    const format = METER[i] ?? { dataType: 'UINT16' };
    const words = wordsFor(format);
    if (offset + words > total) break;
    formats.push(format);
    offsets.push(offset);
    offset += words;
  }
  return { formats, offsets: Int32Array.from(offsets), registers: offset };
}

/** Register contents: seeded noise, with printable bytes where STRINGs sit. */
function fill(layout: Layout): number[] {
  const registers = new Array<number>(layout.registers);
  let seed = 42;
  for (let i = 0; i < registers.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    registers[i] = seed >>> 15;
  }
  layout.formats.forEach((format, v) => {
    if (format.dataType !== 'STRING') return;
    for (let w = 0; w < wordsFor(format); w++) {
      const at = (layout.offsets[v] ?? 0) + w;
      registers[at] = 0x4100 + (((registers[at] ?? 0) % 26) << 8) + 0x61 + (w % 26);
    }
  });
  return registers;
}

/** One pass over every value; the checksum keeps the work from being optimised away. */
function decodeAll(registers: ArrayLike<number>, layout: Layout): number {
  let checksum = 0;
  const { formats, offsets } = layout;
  for (let v = 0; v < formats.length; v++) {
    const format = formats[v];
    if (format === undefined) continue;
    const value = decodeRegisters(registers, format, offsets[v]);
    checksum += typeof value === 'number' ? (value === value ? 1 : 0) : value.length;
  }
  return checksum;
}

function measure(registers: ArrayLike<number>, layout: Layout): { perSecond: number[] } {
  decodeAll(registers, layout); // warm-up: let V8 optimise before timing
  const perSecond: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const checksum = decodeAll(registers, layout);
    const seconds = (performance.now() - started) / 1000;
    if (checksum <= 0) throw new Error('nothing decoded');
    perSecond.push(layout.registers / seconds);
  }
  return { perSecond };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const millions = (x: number): string => `${(x / 1e6).toFixed(1)} M`;

/** Decodes the array ROUNDS times; true when the median meets the target on number[]. */
export async function main(): Promise<boolean> {
  const layout = layOut(REGISTERS);
  const registers = fill(layout);
  const typed = Uint16Array.from(registers);
  const plain = measure(registers, layout);
  const fromTyped = measure(typed, layout);
  const rate = median(plain.perSecond);
  console.log(
    `${layout.registers.toLocaleString('en')} registers, ${layout.formats.length.toLocaleString('en')} values ` +
      `(${METER.length} formats: every numeric type, all 4 orders, scale factors, STRINGs), ${ROUNDS} rounds`,
  );
  console.table({
    'number[]': {
      'median registers/s': millions(rate),
      'best registers/s': millions(Math.max(...plain.perSecond)),
      'median values/s': millions((rate * layout.formats.length) / layout.registers),
    },
    Uint16Array: {
      'median registers/s': millions(median(fromTyped.perSecond)),
      'best registers/s': millions(Math.max(...fromTyped.perSecond)),
      'median values/s': millions(
        (median(fromTyped.perSecond) * layout.formats.length) / layout.registers,
      ),
    },
  });
  const met = rate >= TARGET_PER_SECOND;
  console.log(
    `target (≥ ${millions(TARGET_PER_SECOND)} registers/s, number[]): ${met ? 'met' : 'MISSED'} (${millions(rate)})`,
  );
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}
