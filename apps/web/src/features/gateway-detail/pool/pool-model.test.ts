import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_POOL_OPTIONS,
  DEFAULT_TEMP_CONTROL,
  defaultPoolRows,
  type PoolConfig,
  type PoolRow,
} from '@atrium/contracts/pool';
import { parseEtsCsv } from '@atrium/knx/ets-csv-import';
import { initTestI18n } from '../../../testing/i18n';
import {
  autoFill,
  cleanRows,
  formatPoolNumber,
  formatPoolValue,
  klereoPasswordFailures,
  poolEtsCsv,
  rowMatches,
  rowsToSave,
  sha1Hex,
  validateRows,
  withLiveValues,
} from './pool-model';

beforeAll(() => initTestI18n());

const rows = (): PoolRow[] => defaultPoolRows('klereo', 'status');
const row = (name: string, unit = '') => ({ name, unit });
const words = { on: 'Marche', off: 'Arrêt' };

describe('number display (document 2 §9)', () => {
  it('°C to 2 decimals, ORP to 3, others to 1 when fractional, in French', async () => {
    await i18next.changeLanguage('fr');
    expect(formatPoolNumber(row('waterTemp', '°C'), 27.5)).toBe('27,50');
    expect(formatPoolNumber(row('waterTemp', '°C'), 26)).toBe('26,00');
    expect(formatPoolNumber(row('redox', 'mV'), 652.4)).toBe('652,400');
    expect(formatPoolNumber(row('orp', 'mV'), 700)).toBe('700,000');
    expect(formatPoolNumber(row('pH', 'pH'), 7.23)).toBe('7,2');
    expect(formatPoolNumber(row('filterPressure', 'mbar'), 1200)).toMatch(/^1\s?200$/);
    expect(formatPoolValue({ ...row('waterTemp', '°C'), value: 27.456 }, words)).toBe('27,46 °C');
    expect(formatPoolValue({ ...row('pH', 'pH'), value: 7 }, words)).toBe('7');
    expect(formatPoolValue({ ...row('filtration'), value: true }, words)).toBe('Marche');
    expect(formatPoolValue({ ...row('filtration'), value: false }, words)).toBe('Arrêt');
    expect(formatPoolValue({ ...row('filtration'), value: null }, words)).toBe('—');
  });

  it('in English', async () => {
    await i18next.changeLanguage('en');
    expect(formatPoolNumber(row('waterTemp', '°C'), 27.5)).toBe('27.50');
    expect(formatPoolNumber(row('redox', 'mV'), 652.4)).toBe('652.400');
    expect(formatPoolNumber(row('pH', 'pH'), 7.25)).toBe('7.3');
    expect(formatPoolNumber(row('filterPressure', 'mbar'), 1200)).toBe('1,200');
    await i18next.changeLanguage('fr');
  });
});

describe('auto-fill (document 2 §5)', () => {
  it('increments the first shown address along the shown rows only', () => {
    const start = rows().map((r) => (r.name === 'waterTemp' ? { ...r, address: '2/3/1' } : r));
    const shown = ['waterTemp', 'pH', 'redox'];
    const result = autoFill(start, shown);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const byName = Object.fromEntries(result.rows.map((r) => [r.name, r.address]));
    expect(byName).toMatchObject({ waterTemp: '2/3/1', pH: '2/3/2', redox: '2/3/3', airTemp: '' });
  });

  it('carries over to the next middle group after sub 255', () => {
    const start = rows().map((r) => (r.name === 'waterTemp' ? { ...r, address: '1/0/255' } : r));
    const result = autoFill(start, ['waterTemp', 'airTemp']);
    expect(result.ok && result.rows.find((r) => r.name === 'airTemp')?.address).toBe('1/1/0');
  });

  it('without a valid first address, or past 31/7/255: malformedAddress', () => {
    expect(autoFill(rows(), ['waterTemp', 'pH'])).toEqual({ ok: false, error: 'malformedAddress' });
    const bad = rows().map((r) => (r.name === 'waterTemp' ? { ...r, address: '32/0/1' } : r));
    expect(autoFill(bad, ['waterTemp'])).toEqual({ ok: false, error: 'malformedAddress' });
    const last = rows().map((r) => (r.name === 'waterTemp' ? { ...r, address: '31/7/255' } : r));
    expect(autoFill(last, ['waterTemp', 'pH'])).toEqual({ ok: false, error: 'malformedAddress' });
  });
});

describe('validation, search and clean', () => {
  it('malformed or missing addresses of used rows, and DPTs that are not n.nnn', () => {
    const edited = rows().map((r) => {
      if (r.name === 'waterTemp') return { ...r, address: '1/8/1' };
      if (r.name === 'pH') return { ...r, enabled: true };
      if (r.name === 'redox') return { ...r, dpt: '9.1' };
      if (r.name === 'airTemp') return { ...r, address: '1/2/3', enabled: true };
      return r;
    });
    expect(validateRows(edited)).toEqual({
      waterTemp: { address: 'malformedAddress' },
      pH: { address: 'malformedAddress' },
      redox: { dpt: 'invalidDPT' },
    });
    expect(validateRows(rows())).toEqual({});
  });

  it('search on name, label, address and description; used-only', () => {
    const r = rows().map((x) =>
      x.name === 'pH' ? { ...x, enabled: true, address: '4/1/7', rename: 'Acidité' } : x,
    );
    const names = (search: string, used: boolean) =>
      r.filter((x) => rowMatches(x, search, used)).map((x) => x.name);
    expect(names('acid', false)).toEqual(['pH']);
    expect(names('4/1/7', false)).toEqual(['pH']);
    expect(names('', true)).toEqual(['pH']);
    expect(names('temperature', false)).toEqual([
      'waterTemp',
      'airTemp',
      'techRoomTemp',
      'setpoint',
    ]);
  });

  it('clean unmaps every row; save normalises addresses and leaves live fields out', () => {
    const r = rows().map((x) =>
      x.name === 'pH' ? { ...x, enabled: true, address: ' 04/1/007 ', value: 7.2 } : x,
    );
    expect(cleanRows(r).every((x) => x.address === '' && !x.enabled && x.rename === '')).toBe(true);
    expect(rowsToSave(r).find((x) => x.name === 'pH')).toEqual({
      name: 'pH',
      address: '4/1/7',
      enabled: true,
      rename: '',
      dpt: '14.000',
    });
  });

  it('live values replace value and timestamp only', () => {
    const edited = rows().map((x) => (x.name === 'pH' ? { ...x, address: '9/9/9' } : x));
    const live = rows().map((x) => (x.name === 'pH' ? { ...x, value: 7.4, timestamp: 5 } : x));
    const pH = withLiveValues(edited, live).find((x) => x.name === 'pH');
    expect(pH).toMatchObject({ address: '9/9/9', value: 7.4, timestamp: 5 });
  });
});

describe('Klereo credentials (document 2 §5)', () => {
  it('lists the password rules not met', () => {
    expect(klereoPasswordFailures('Secret12')).toEqual([]);
    expect(klereoPasswordFailures('secret')).toEqual([
      'atLeast8',
      'upperCase',
      'digitsCriteriaMsg',
    ]);
    expect(klereoPasswordFailures('SECRET12')).toEqual(['lowerCase']);
    expect(klereoPasswordFailures('Secret12!')).toEqual(['noSpecialCharactersPwd']);
  });

  it('hashes the password with SHA-1 (40 hex)', async () => {
    expect(await sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

describe('ETS export (document 2 §2)', () => {
  const config = (): PoolConfig => ({
    type: 'klereo',
    auth: { username: 'villarose' },
    selectedPool: '1',
    options: { ...DEFAULT_POOL_OPTIONS, error: { address: '2/5/1', enabled: true } },
    POOL_to_KNX: rows().map((r) =>
      r.name === 'waterTemp' ? { ...r, address: '2/3/1', enabled: true, rename: 'Eau' } : r,
    ),
    KNX_to_POOL: defaultPoolRows('klereo', 'cmd').map((r) =>
      r.name === 'filtration' ? { ...r, address: '2/4/12', enabled: true } : r,
    ),
    tempControl: {
      ...DEFAULT_TEMP_CONTROL,
      enabled: true,
      control: { address: '2/6/1' },
      setpoint: { address: '2/6/2' },
    },
    lastUpdate: null,
    vendor: { state: 'ok', at: null },
    synced: true,
  });

  it('pads subs to 3 digits, writes DPST, and packages/knx reads it back', () => {
    const csv = poolEtsCsv(config(), { pool: 'Piscine' });
    expect(csv).not.toBeNull();
    expect(csv).toContain('"Piscine Eau"\t"2/3/001"');
    expect(csv).toContain('"DPST-9-1"');
    expect(csv).toContain('"2/4/012"');
    const read = parseEtsCsv(csv ?? '');
    expect(read.skipped).toEqual([]);
    expect(read.addresses.map((a) => [a.address, a.name, a.dpt])).toEqual([
      ['2/3/1', 'Piscine Eau', '9.001'],
      ['2/4/12', 'Piscine filtration', '1.001'],
      ['2/5/1', 'Piscine error', '1.005'],
      ['2/6/1', 'Piscine tempControl control', '1.001'],
      ['2/6/2', 'Piscine tempControl setpoint', '9.001'],
    ]);
  });

  it('nothing mapped: nothing to export', () => {
    const c = config();
    const empty: PoolConfig = {
      ...c,
      options: DEFAULT_POOL_OPTIONS,
      POOL_to_KNX: rows(),
      KNX_to_POOL: [],
      tempControl: DEFAULT_TEMP_CONTROL,
    };
    expect(poolEtsCsv(empty, { pool: 'Piscine' })).toBeNull();
  });
});
