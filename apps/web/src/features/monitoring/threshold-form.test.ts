import { describe, expect, it } from 'vitest';
import type { Threshold } from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import {
  canAddThreshold,
  emptyForm,
  formOf,
  gatewayBlock,
  listSwitched,
  listWith,
  listWithout,
  modbusChoices,
  readNumber,
  thresholdErrors,
  thresholdOf,
  withAddress,
  withDpt,
  withGateway,
  type ThresholdForm,
} from './threshold-form';
import { conditionText } from './threshold-text';

const gateway = (
  mac: string,
  type: GatewaySummary['type'],
  version: string | null,
): Pick<GatewaySummary, 'mac' | 'type' | 'version'> => ({ mac, type, version });

const CLOUD = gateway('aabbccddee01', 'kloudnx', '8.5.0');
const OLD_POOL = gateway('aabbccddee02', 'poolnx', '7.3.9');
const GATEWAYS = [OLD_POOL, CLOUD];

const stored = (overrides: Partial<Threshold> = {}): Threshold => ({
  _id: 't1',
  name: 'Salon trop chaud',
  gateway: CLOUD.mac,
  address: '1/2/3',
  dpt: '9.001',
  type: '>',
  value: 26.5,
  enabled: true,
  ...overrides,
});

const form = (overrides: Partial<ThresholdForm> = {}): ThresholdForm => ({
  name: 'Salon trop chaud',
  gateway: CLOUD.mac,
  address: '1/2/3',
  dpt: '9.001',
  type: '>',
  value: '26,5',
  enabled: true,
  ...overrides,
});

describe('gateways that can carry thresholds', () => {
  it('follows the firmware minimums: cloud 7.1, pool 7.4, link 1.3, emergency always', () => {
    expect(gatewayBlock(gateway('a', 'kloudnx', '7.1.0'))).toBeNull();
    expect(gatewayBlock(gateway('a', 'poolnx', '7.4'))).toBeNull();
    expect(gatewayBlock(gateway('a', 'klocknx', '1.2.9'))).toEqual({
      messageKey: 'monitoring.thresholds.firmwareMinimum',
      values: { minimum: '1.3', version: '1.2.9' },
    });
    expect(gatewayBlock(gateway('a', 'emergynx', null))).toBeNull();
    expect(gatewayBlock(gateway('a', 'grafnx', '9.9'))).toEqual({
      messageKey: 'monitoring.thresholds.typeUnsupported',
    });
  });

  it('preselects the first gateway allowed for a new rule', () => {
    expect(emptyForm(GATEWAYS).gateway).toBe(CLOUD.mac);
    expect(emptyForm([OLD_POOL]).gateway).toBe('');
  });
});

describe('the add button', () => {
  it('is enabled under the maximum and disabled at it', () => {
    expect(canAddThreshold(9, 10)).toBe(true);
    expect(canAddThreshold(10, 10)).toBe(false);
    expect(canAddThreshold(0, 0)).toBe(false);
  });
});

describe('address and DPT', () => {
  const ets = [
    { address: '1/2/3', name: 'Température salon', dpt: '9.001' },
    { address: '0/0/1', name: 'Plafonnier', dpt: '1.001' },
    { address: '0/0/9', name: 'Sans type' },
  ];

  it('an ETS address brings its DPT, a type it allows and its name', () => {
    const picked = withAddress(emptyForm(GATEWAYS), '0/0/1', ets);
    expect(picked).toMatchObject({
      address: '0/0/1',
      dpt: '1.001',
      type: 'isTrue',
      name: 'Plafonnier',
    });
    const numeric = withAddress({ ...picked, name: 'Mine' }, '1/2/3', ets);
    expect(numeric).toMatchObject({ dpt: '9.001', type: '>', name: 'Mine' });
  });

  it('an ETS address without DPT empties the DPT; an unknown address keeps the typed one', () => {
    expect(withAddress(form(), '0/0/9', ets).dpt).toBe('');
    expect(withAddress(form({ dpt: '5.001' }), '3/3/3', ets).dpt).toBe('5.001');
  });

  it('a boolean DPT clears the value; a numeric type is kept on a numeric DPT', () => {
    expect(withDpt(form({ type: '<' }), '5.001')).toMatchObject({ type: '<', value: '26,5' });
    expect(withDpt(form(), '1.001')).toMatchObject({ type: 'isTrue', value: '' });
    expect(withDpt(form(), '16.000').type).toBe('');
  });
});

describe('validation', () => {
  it('accepts a complete numeric rule and a boolean rule without value', () => {
    expect(thresholdErrors(form(), GATEWAYS)).toEqual({});
    expect(thresholdErrors(form({ dpt: '1.001', type: 'isFalse', value: '' }), GATEWAYS)).toEqual(
      {},
    );
  });

  it('requires name, gateway, address, DPT, type and, unless DPT 1, the value', () => {
    const blank = emptyForm([]);
    expect(thresholdErrors(blank, GATEWAYS)).toEqual({
      name: 'required',
      gateway: 'required',
      address: 'required',
      dpt: 'required',
    });
    expect(thresholdErrors(form({ type: '', value: ' ' }), GATEWAYS)).toEqual({
      type: 'required',
      value: 'required',
    });
    expect(thresholdErrors(form({ dpt: '' }), GATEWAYS).dpt).toBe('addressHasNoDpt');
  });

  it('refuses a bad address, an unsupported DPT, a non-number and a long name', () => {
    const errors = thresholdErrors(
      form({ address: '1/9/3', value: '12abc', name: 'x'.repeat(51) }),
      GATEWAYS,
    );
    expect(errors).toEqual({
      address: 'invalidGroupAddress',
      value: 'monitoring.thresholds.notANumber',
      name: 'monitoring.thresholds.nameTooLong',
    });
    expect(thresholdErrors(form({ dpt: '16.001' }), GATEWAYS).dpt).toBe(
      'monitoring.thresholds.dptUnsupported',
    );
  });

  it('refuses a gateway whose firmware is too old, or one of another project', () => {
    expect(thresholdErrors(form({ gateway: OLD_POOL.mac }), GATEWAYS).gateway).toBe(
      'thresholdsUnsupported',
    );
    expect(thresholdErrors(form({ gateway: '001122334455' }), GATEWAYS).gateway).toBe(
      'gatewayNotInProject',
    );
  });

  it('reads numbers with a comma or a dot', () => {
    expect(readNumber(' 26,5 ')).toBe(26.5);
    expect(readNumber('-3.25')).toBe(-3.25);
    expect(readNumber('')).toBeNull();
    expect(readNumber('1e3')).toBe('invalid');
    expect(readNumber('0x10')).toBe('invalid');
  });
});

describe('the body sent', () => {
  it('gives the rule with a number, and null for a boolean DPT', () => {
    expect(thresholdOf(form({ _id: 't1' }), GATEWAYS)).toEqual({
      ok: true,
      threshold: { ...stored(), value: 26.5 },
    });
    const bool = thresholdOf(form({ dpt: '1.001', type: 'isTrue', value: '' }), GATEWAYS);
    expect(bool.ok && bool.threshold.value).toBeNull();
    expect(bool.ok && '_id' in bool.threshold).toBe(false);
  });

  it('gives the errors of an invalid form instead', () => {
    expect(thresholdOf(form({ name: ' ' }), GATEWAYS)).toEqual({
      ok: false,
      errors: { name: 'required' },
    });
  });

  it('sends the whole list: a replaced, an added, a removed and a switched rule', () => {
    const list = [stored(), stored({ _id: 't2', name: 'Autre' })];
    const edited = { ...stored(), value: 30 };
    expect(listWith(list, edited).map((t) => t.value)).toEqual([30, 26.5]);
    const added = { ...edited, _id: undefined, name: 'Nouveau' };
    expect(listWith(list, added).map((t) => t.name)).toEqual([
      'Salon trop chaud',
      'Autre',
      'Nouveau',
    ]);
    expect(listWithout(list, 't1').map((t) => t._id)).toEqual(['t2']);
    expect(listSwitched(list, 't2', false).map((t) => t.enabled)).toEqual([true, false]);
  });

  it('round-trips a stored rule through the form in French and English', () => {
    expect(formOf(stored(), 'fr').value).toBe('26,5');
    expect(formOf(stored(), 'en').value).toBe('26.5');
    expect(formOf(stored({ dpt: '1.001', type: 'isTrue', value: null }), 'fr').value).toBe('');
    const back = thresholdOf(formOf(stored({ value: 1234.5 }), 'fr'), GATEWAYS);
    expect(back.ok && back.threshold.value).toBe(1234.5);
  });
});

describe('the condition shown in the list', () => {
  const words = (key: string) => `«${key.split('.').pop()}»`;
  it('writes the number in the console language with the unit', () => {
    expect(conditionText(stored({ value: 1234.5 }), 'fr', words)).toBe('> 1\u202f234,5 °C');
    expect(conditionText(stored({ value: 1234.5 }), 'en', words)).toBe('> 1,234.5 °C');
    expect(conditionText(stored({ dpt: '9', type: '=', value: 3 }), 'en', words)).toBe('= 3');
  });

  it('writes the words of a boolean type', () => {
    expect(conditionText(stored({ dpt: '1.001', type: 'isFalse', value: null }), 'fr', words)).toBe(
      '«isFalse»',
    );
  });
});

describe('thresholds on Modbus values (issue 14)', () => {
  const power = {
    measurement: 'modbus:v1',
    name: 'Compteur général – Puissance',
    gateway: CLOUD.mac,
    unit: 'W',
  };
  const modbusForm = (overrides: Partial<ThresholdForm> = {}): ThresholdForm => ({
    ...withAddress(emptyForm(GATEWAYS), 'modbus:v1', [], [power]),
    value: '2000',
    ...overrides,
  });

  it('a picked value clears the DPT, takes > and names an unnamed rule', () => {
    expect(modbusForm()).toMatchObject({
      address: 'modbus:v1',
      dpt: '',
      type: '>',
      name: 'Compteur général – Puissance',
    });
    const kept = withAddress({ ...form(), type: '<', name: 'Mine' }, 'modbus:v1', [], [power]);
    expect(kept).toMatchObject({ type: '<', name: 'Mine', dpt: '' });
  });

  it('needs no DPT but a number, and is sent with an empty DPT', () => {
    expect(thresholdErrors(modbusForm(), GATEWAYS)).toEqual({});
    expect(thresholdErrors(modbusForm({ value: '' }), GATEWAYS)).toEqual({ value: 'required' });
    const sent = thresholdOf(modbusForm({ value: '12,5' }), GATEWAYS);
    expect(sent.ok && sent.threshold).toMatchObject({ address: 'modbus:v1', dpt: '', value: 12.5 });
  });

  it("offers a kloudnx's own values only; another gateway clears a picked value", () => {
    expect(modbusChoices([power], CLOUD)).toEqual([power]);
    expect(modbusChoices([power], gateway('aabbccddee03', 'kloudnx', '8.5.0'))).toEqual([]);
    expect(modbusChoices([power], { ...OLD_POOL, mac: CLOUD.mac })).toEqual([]);
    expect(withGateway(modbusForm(), OLD_POOL.mac).address).toBe('');
    expect(withGateway(form(), OLD_POOL.mac).address).toBe('1/2/3');
  });

  it("shows the value's own unit in the list", () => {
    const rule = stored({ address: 'modbus:v1', dpt: '', value: 2000 });
    expect(conditionText(rule, 'en', (k) => k, 'W')).toBe('> 2,000 W');
  });
});
