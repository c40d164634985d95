import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import {
  blockReason,
  groupState,
  matchesSearch,
  remainingSlots,
  toggleGroup,
  type GatewayEtsAddress,
} from './address-selection';
import { etsFileProblem, etsUploadErrorKey, gatewayEtsErrorKey } from './ets-file-rules';
import { canSaveVoltage, voltageBody, voltageErrors } from './voltage-rules';

const address = (a: string, disabled: GatewayEtsAddress['disabled'] = null): GatewayEtsAddress => ({
  address: a,
  name: `Adresse ${a}`,
  dpt: '9.001',
  monitored: false,
  usedBy: null,
  disabled,
});
const error = (status: number, code: string) =>
  new ApiError(status, { statusCode: status, code, message: code });

describe('ETS file rules', () => {
  it('accepts only a non-empty .xml of at most 1,000,000 bytes (or a .knxproj, issue 18)', () => {
    expect(etsFileProblem({ name: 'export.XML', size: 1_000_000 })).toBeNull();
    expect(etsFileProblem({ name: 'export.xml', size: 1_000_001 })).toBe('fileTooLargeMax');
    expect(etsFileProblem({ name: 'export.xml', size: 0 })).toBe('emptyFile');
    expect(etsFileProblem({ name: 'export.csv', size: 10 })).toBe('invalidFileType');
    expect(etsFileProblem({ name: 'export.knxproj', size: 10 })).toBeNull();
  });

  it('maps refused uploads to their message, anything else to etsFileNotReadable', () => {
    expect(etsUploadErrorKey(error(413, 'payloadTooLarge'))).toBe('fileTooLargeMax');
    expect(etsUploadErrorKey(error(400, 'emptyFile'))).toBe('emptyFile');
    expect(etsUploadErrorKey(error(400, 'etsFileNotReadable'))).toBe('etsFileNotReadable');
    expect(etsUploadErrorKey(error(400, 'validation'))).toBe('etsFileNotReadable');
    expect(etsUploadErrorKey(error(500, 'error'))).toBe('error');
  });

  it('maps the gateway ETS errors of spec §8', () => {
    expect(gatewayEtsErrorKey(error(404, 'etsNoAddress'))).toBe('addressNotFound');
    expect(gatewayEtsErrorKey(error(404, 'etsFileNotFound'))).toBe('projectOrEtsNotFound');
    expect(gatewayEtsErrorKey(error(500, 'error'))).toBe('error');
  });
});

describe('monitored-address selection', () => {
  it("counts other gateways' addresses against the plan's maximum", () => {
    // 50 allowed, 10 in the project of which 4 on this gateway, 6 ticked here now.
    expect(remainingSlots({ max: 50, total: 10, cpt: 4 }, 6)).toBe(38);
  });

  it('blocks disabled addresses and new ones past the maximum, never an unticking', () => {
    const free = address('1/1/1');
    expect(blockReason(free, new Set(), 1)).toBeNull();
    expect(blockReason(free, new Set(), 0)).toBe('maxAddress');
    expect(blockReason(free, new Set(['1/1/1']), 0)).toBeNull();
    expect(blockReason(address('1/1/2', 'addressAlreadyUsed'), new Set(), 5)).toBe(
      'addressAlreadyUsed',
    );
    expect(blockReason(address('1/1/3', 'addressHasNoDpt'), new Set(), 5)).toBe('addressHasNoDpt');
  });

  it('ticks a group up to the remaining slots, skipping disabled ones, then unticks it', () => {
    const group = [
      address('1/1/1'),
      address('1/1/2', 'invalidDPT'),
      address('1/1/3'),
      address('1/1/4'),
    ];
    const some = toggleGroup(group, new Set(), 2);
    expect([...some]).toEqual(['1/1/1', '1/1/3']);
    const all = toggleGroup(group, new Set(), 10);
    expect([...all]).toEqual(['1/1/1', '1/1/3', '1/1/4']);
    expect([...toggleGroup(group, all, 10)]).toEqual([]);
    expect(groupState(group, some)).toEqual({ checked: false, indeterminate: true });
  });

  it('searches addresses and names without case or accents', () => {
    const a = { ...address('13/0/0'), name: 'Température séjour' };
    expect(matchesSearch(a, 'SEJOUR')).toBe(true);
    expect(matchesSearch(a, '13/0')).toBe(true);
    expect(matchesSearch(a, 'cuisine')).toBe(false);
  });
});

describe('voltage monitoring rules', () => {
  it('needs at least one threshold when activated', () => {
    const form = { activate: true, minimum: '', maximum: '' };
    expect(voltageErrors(form).form).toBe('fillAtLeastOneField');
    expect(canSaveVoltage(form)).toBe(false);
    expect(canSaveVoltage({ ...form, activate: false })).toBe(true);
  });

  it('needs the minimum strictly lower than the maximum', () => {
    expect(voltageErrors({ activate: true, minimum: '24', maximum: '24' }).form).toBe(
      'minThresholdLowerThanMax',
    );
    expect(canSaveVoltage({ activate: true, minimum: '22,5', maximum: '29' })).toBe(true);
  });

  it('keeps each threshold within 0-50 V', () => {
    expect(voltageErrors({ activate: true, minimum: '-1', maximum: '51' })).toMatchObject({
      minimum: 'monitoring.voltage.range',
      maximum: 'monitoring.voltage.range',
    });
    expect(canSaveVoltage({ activate: true, minimum: '0', maximum: '50' })).toBe(true);
  });

  it('sends numbers, and null for an empty or (when deactivated) invalid field', () => {
    expect(voltageBody({ activate: true, minimum: '22,5', maximum: '' })).toEqual({
      activate: true,
      minimum: 22.5,
      maximum: null,
    });
    expect(voltageBody({ activate: false, minimum: '99', maximum: '30' })).toEqual({
      activate: false,
      minimum: null,
      maximum: 30,
    });
  });
});
