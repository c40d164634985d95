import { describe, expect, it } from 'vitest';
import { planReads, type PolledValue } from './modbus-plan';
import { polledValue as value } from './modbus-values.testing';

const shape = (values: PolledValue[]) =>
  planReads(values).map((b) => [b.code, b.unitID, b.start, b.count, b.values.map((v) => v.id)]);

describe('planning the reads of a poll', () => {
  it('reads touching or overlapping registers of one code and unit in one request', () => {
    expect(
      shape([
        value('c', 3, { dataType: 'FLOAT32', wordLength: 2 }),
        value('a', 0, { dataType: 'INT32', wordLength: 2 }),
        value('b', 2),
        value('overlap', 4),
        value('gap', 10),
      ]),
    ).toEqual([
      [3, 1, 0, 5, ['a', 'b', 'c', 'overlap']],
      [3, 1, 10, 1, ['gap']],
    ]);
  });

  it('keeps read codes and units apart, and a write code reads with its read code', () => {
    expect(
      shape([
        value('h', 0),
        value('i', 1, { functionCode: 4 }),
        value('w', 1, { functionCode: 6 }),
        value('u2', 2, { unitID: 2 }),
        value('coil', 0, { functionCode: 5 }),
        value('coil2', 1, { functionCode: 1 }),
      ]),
    ).toEqual([
      [1, 1, 0, 2, ['coil', 'coil2']],
      [3, 1, 0, 2, ['h', 'w']],
      [3, 2, 2, 1, ['u2']],
      [4, 1, 1, 1, ['i']],
    ]);
  });

  it('splits at the 125 registers one request may ask for', () => {
    const values = Array.from({ length: 100 }, (_, i) =>
      value(`v${i}`, i * 2, { dataType: 'UINT32', wordLength: 2 }),
    );
    const blocks = planReads(values);
    expect(blocks.map((b) => [b.start, b.count])).toEqual([
      [0, 124],
      [124, 76],
    ]);
  });
});
