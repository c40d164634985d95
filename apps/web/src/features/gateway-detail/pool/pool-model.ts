import {
  KLEREO_PASSWORD_CRITERIA,
  POOL_KEYS,
  nextPoolAddress,
  parsePoolAddress,
  type PoolConfig,
  type PoolRow,
  type PoolRowInput,
  type PoolValue,
  type PoolVendorState,
} from '@atrium/contracts/pool';
import { exportEtsCsv, type CsvExportAddress } from '@atrium/knx/ets-csv';
import { numberFormat } from '../../../lib/locale';

/** The two mapping tables (document 2 §3): pool values to KNX, KNX commands to the pool. */
export type PoolTableKind = 'POOL_to_KNX' | 'KNX_to_POOL';

const DPT_PATTERN = /^\d{1,3}\.\d{3}$/;
const ORP_KEYS = new Set(['redox', 'orp']);

/**
 * A pool value as the console shows it (document 2 §9): °C to 2 decimals, ORP to 3, others
 * to 1 decimal when fractional, whole numbers as they are; in the console's language.
 * Booleans and null come back as null: the caller writes them with its own words.
 */
export function formatPoolNumber(row: Pick<PoolRow, 'name' | 'unit'>, value: number): string {
  let digits: number;
  if (row.unit === '°C') digits = 2;
  else if (ORP_KEYS.has(row.name)) digits = 3;
  else digits = Number.isInteger(value) ? 0 : 1;
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
}

/** The text of a row's value: a number with its unit, on/off, text, or an em dash. */
export function formatPoolValue(
  row: Pick<PoolRow, 'name' | 'unit'> & { value: PoolValue },
  words: { on: string; off: string },
): string {
  const { value } = row;
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? words.on : words.off;
  if (typeof value === 'string') return value;
  const text = formatPoolNumber(row, value);
  return row.unit === '' || row.unit === 'pH' ? text : `${text} ${row.unit}`;
}

/** Whether a row shows for the search text and the used-only filter. */
export function rowMatches(row: PoolRow, search: string, usedOnly: boolean): boolean {
  if (usedOnly && !row.enabled) return false;
  const q = search.trim().toLowerCase();
  if (q === '') return true;
  return [row.name, row.rename, row.address, row.description, row.dpt].some((s) =>
    s.toLowerCase().includes(q),
  );
}

export type AutoFillResult =
  { ok: true; rows: PoolRow[] } | { ok: false; error: 'malformedAddress' };

/**
 * Auto-fill (document 2 §5): from the first shown row's address, every following shown row
 * gets the next address (sub + 1). Without a valid first address: malformedAddress.
 */
export function autoFill(rows: readonly PoolRow[], shown: readonly string[]): AutoFillResult {
  const first = rows.find((r) => r.name === shown[0]);
  let address = first ? parsePoolAddress(first.address) : null;
  if (address === null) return { ok: false, error: 'malformedAddress' };
  const next = new Map<string, string>([[shown[0] as string, address]]);
  for (const name of shown.slice(1)) {
    const following: string | null = nextPoolAddress(address);
    if (following === null) return { ok: false, error: 'malformedAddress' };
    address = following;
    next.set(name, address);
  }
  return {
    ok: true,
    rows: rows.map((r) => {
      const a = next.get(r.name);
      return a === undefined ? r : { ...r, address: a };
    }),
  };
}

/** Clean: every row unmapped and unused, labels cleared, DPTs kept. */
export const cleanRows = (rows: readonly PoolRow[]): PoolRow[] =>
  rows.map((r) => ({ ...r, address: '', enabled: false, rename: '' }));

/** Errors of a table by row name and field (message keys), empty when it can be saved. */
export type RowErrors = Record<string, { address?: string; dpt?: string }>;

export function validateRows(rows: readonly PoolRow[]): RowErrors {
  const errors: RowErrors = {};
  for (const r of rows) {
    const e: { address?: string; dpt?: string } = {};
    const address = r.address.trim();
    if (address !== '' && parsePoolAddress(address) === null) e.address = 'malformedAddress';
    if (address === '' && r.enabled) e.address = 'malformedAddress';
    if (!DPT_PATTERN.test(r.dpt.trim())) e.dpt = 'invalidDPT';
    if (e.address !== undefined || e.dpt !== undefined) errors[r.name] = e;
  }
  return errors;
}

/** The rows as POST /api/poolnx/update takes them (live fields left out, addresses normalised). */
export const rowsToSave = (rows: readonly PoolRow[]): PoolRowInput[] =>
  rows.map((r) => ({
    name: r.name,
    address: r.address.trim() === '' ? '' : (parsePoolAddress(r.address) ?? r.address.trim()),
    enabled: r.enabled,
    rename: r.rename.trim(),
    dpt: r.dpt.trim(),
  }));

/** Live values (poolnx:data) laid over the edited rows: value and timestamp only. */
export function withLiveValues(rows: readonly PoolRow[], live: readonly PoolRow[]): PoolRow[] {
  const byName = new Map(live.map((r) => [r.name, r]));
  return rows.map((r) => {
    const l = byName.get(r.name);
    return l ? { ...r, value: l.value, timestamp: l.timestamp } : r;
  });
}

/** Password rules of the auth dialog (document 2 §5): the criteria not met, as message keys. */
export function klereoPasswordFailures(password: string): string[] {
  return Object.entries(KLEREO_PASSWORD_CRITERIA)
    .filter(([, test]) => !test(password))
    .map(([key]) => key);
}

export const isKlereoUsername = (username: string): boolean => /^[A-Za-z0-9]+$/.test(username);

/** SHA-1 of the password, 40 lowercase hex: Klereo takes the hash, never the password. */
export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The ETS export (document 2 §2): every mapped address of the tables, the options and the
 * temperature control, as an ETS "1/1" CSV (sub padded to 3 digits, DPT as DPST); null
 * when nothing is mapped.
 */
export function poolEtsCsv(config: PoolConfig, labels: { pool: string }): string | null {
  const entries = new Map<string, CsvExportAddress>();
  const add = (address: string, name: string, dpt: string, description = '') => {
    const a = parsePoolAddress(address);
    if (a !== null && !entries.has(a))
      entries.set(a, { address: a, name: `${labels.pool} ${name}`, dpt, description });
  };
  for (const kind of ['POOL_to_KNX', 'KNX_to_POOL'] as const)
    for (const r of config[kind])
      if (r.enabled) add(r.address, r.rename || r.name, r.dpt, r.description);
  const o = config.options;
  if (o.refresh_knx.enabled) add(o.refresh_knx.address, 'refresh_knx', '1.017');
  if (o.error.enabled) add(o.error.address, 'error', '1.005');
  if (o.watchdog_knx.enabled) add(o.watchdog_knx.address, 'watchdog_knx', '1.001');
  const tc = config.tempControl;
  if (tc.enabled) {
    add(tc.control.address, 'tempControl control', '1.001');
    add(tc.currentTemp.address, 'tempControl currentTemp', '9.001');
    add(tc.setpoint.address, 'tempControl setpoint', '9.001');
    add(tc.setpointFeedback.address, 'tempControl setpointFeedback', '9.001');
    add(tc.controlFeedback.address, 'tempControl controlFeedback', '1.001');
  }
  if (entries.size === 0) return null;
  return exportEtsCsv([...entries.values()], { padSub: true, bom: true });
}

/* ---------------------------------------------------------------- message keys built at run time */

export const POOL_TABLE_KINDS: readonly PoolTableKind[] = ['POOL_to_KNX', 'KNX_to_POOL'];
export const POOL_ADDRESS_OPTIONS = ['refresh_knx', 'error', 'watchdog_knx'] as const;
export const TEMP_CONTROL_FIELDS = [
  'control',
  'currentTemp',
  'setpoint',
  'setpointFeedback',
  'controlFeedback',
] as const;
/** `pool.keys.status.*` / `pool.keys.cmd.*`: the pool values and commands of both vendors. */
export const POOL_KEY_MESSAGES: readonly string[] = [
  ...new Set(
    (['klereo', 'poolcop'] as const).flatMap((type) =>
      (['status', 'cmd'] as const).flatMap((kind) =>
        POOL_KEYS[type][kind].map((k) => `${kind}.${k.name}`),
      ),
    ),
  ),
];
export const keyKindOf = (kind: PoolTableKind): 'status' | 'cmd' =>
  kind === 'POOL_to_KNX' ? 'status' : 'cmd';

/** The message of the vendor's state when it is not fine (issue 19: outage, quota, refusal). */
export const VENDOR_STATE_KEYS: Partial<Record<PoolVendorState, string>> = {
  invalidIds: 'poolInvalidIds',
  unavailable: 'poolVendorUnavailable',
  rateLimited: 'poolRateLimited',
  notConfigured: 'pool.notConfigured',
};
