import { describe, expect, it } from 'vitest';
import { thresholdSchema, thresholdTypesAt } from './alerts';

const base = {
  name: 'Hot',
  gateway: '00:11:22:33:44:55',
  address: '1/1/1',
  dpt: '9.001',
  type: '>',
  value: 26,
  enabled: true,
};

/** The error keys of a threshold (none when valid). */
const keysOf = (over: object) => {
  const r = thresholdSchema.safeParse({ ...base, ...over });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('thresholdSchema on group addresses (document 2 §5)', () => {
  it.each([
    [{}, []],
    [{ dpt: '' }, ['addressHasNoDpt']],
    [{ dpt: '16.000' }, ['invalidDPT']],
    [{ dpt: '1.001', type: '>' }, ['invalidForm']],
    [{ dpt: '1.001', type: 'isTrue', value: null }, []],
    [{ value: null }, ['invalidForm']],
    [{ address: 'x/y' }, ['invalidGroupAddress']],
  ])('%j gives %j', (over, keys) => expect(keysOf(over)).toEqual(keys));
});

describe('thresholdSchema on Modbus values (issue 14)', () => {
  const modbus = { address: 'modbus:0a1b2c', dpt: '' };
  it.each([
    [{}, []],
    [{ type: '<' }, []],
    [{ type: '=', value: 0 }, []],
    [{ dpt: '9.001' }, ['invalidDPT']],
    [{ type: 'isTrue' }, ['invalidForm']],
    [{ value: null }, ['invalidForm']],
    [{ address: 'modbus:' }, ['invalidGroupAddress']],
    [{ address: 'modbus:a b' }, ['invalidGroupAddress']],
  ])('%j gives %j', (over, keys) => expect(keysOf({ ...modbus, ...over })).toEqual(keys));

  it('offers >, <, = on a Modbus value whatever the DPT field says', () => {
    expect(thresholdTypesAt('modbus:v1', '')).toEqual(['>', '<', '=']);
    expect(thresholdTypesAt('1/1/1', '1.001')).toEqual(['isTrue', 'isFalse']);
    expect(thresholdTypesAt('1/1/1', '')).toEqual([]);
  });
});
