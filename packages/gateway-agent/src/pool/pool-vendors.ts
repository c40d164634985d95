import type { GatewayPoolCredentials, PoolType } from '@atrium/contracts/pool';
import { KLEREO_MODE, KlereoClient, type KlereoDetails } from './klereo-client';
import { PoolcopClient, type PoolcopStatus } from './poolcop-client';
import { VendorError, type VendorClientOptions } from './vendor-http';

/** A pool value as the bridge handles it: booleans for switches, numbers otherwise. */
export type PoolReading = Record<string, number | boolean>;

/**
 * One vendor's pool as the bridge sees it (the keys of POOL_KEYS): read every value, run one
 * command key, drive the heating (the thermostat).
 */
export interface PoolVendor {
  read(): Promise<PoolReading>;
  command(key: string, value: number | boolean): Promise<void>;
  setHeating(on: boolean): Promise<void>;
}

/** Where each vendor's API lives (KLEREO_URL, POOLCOP_URL). */
export interface VendorUrls {
  klereoUrl: string;
  poolcopUrl: string;
}

export const DEFAULT_VENDOR_URLS: VendorUrls = {
  klereoUrl: 'https://connect.klereo.fr/php',
  poolcopUrl: 'https://poolcopilot.com/api/v1',
};

/** Klereo probe types → keys (JonBasse const.py). */
const KLEREO_PROBES: Record<number, string> = {
  0: 'techRoomTemp',
  1: 'airTemp',
  2: 'waterLevel',
  3: 'pH',
  4: 'redox',
  5: 'waterTemp',
  6: 'filterPressure',
  14: 'chlorine',
};
/** Klereo output indexes → keys. */
const KLEREO_OUTS: Record<number, string> = {
  0: 'lighting',
  1: 'filtration',
  2: 'phCorrector',
  3: 'disinfectant',
  4: 'heating',
  5: 'aux1',
};
const outIndex = (key: string) =>
  Number(Object.entries(KLEREO_OUTS).find(([, k]) => k === key)?.[0] ?? -1);

export function klereoReading(d: KlereoDetails): PoolReading {
  const r: PoolReading = {};
  for (const p of d.probes) {
    const key = KLEREO_PROBES[p.type];
    const value = p.filteredValue ?? p.directValue;
    if (key && typeof value === 'number') r[key] = value;
  }
  for (const o of d.outs) {
    const key = KLEREO_OUTS[o.index];
    if (key && typeof o.status === 'number') r[key] = o.status === 1;
    if (key === 'filtration' && typeof o.mode === 'number') r.filtrationMode = o.mode;
  }
  const setpoint = Number(d.params.ConsigneEau);
  if (Number.isFinite(setpoint)) r.setpoint = setpoint;
  r.alarm = (d.alertCount ?? 0) > 0;
  return r;
}

class KlereoPool implements PoolVendor {
  private last: PoolReading = {};
  constructor(
    private readonly client: KlereoClient,
    private readonly poolID: string,
  ) {}

  async read() {
    this.last = klereoReading(await this.client.details(this.poolID));
    return this.last;
  }

  async command(key: string, value: number | boolean) {
    const on = value === true || (typeof value === 'number' && value > 0);
    if (key === 'setpoint') {
      if (typeof value !== 'number') return;
      return this.client.setParam(this.poolID, 'ConsigneEau', value);
    }
    if (key === 'filtrationAuto') {
      if (!on) return;
      const state = this.last.filtration === true ? 1 : 0;
      return this.client.setOut(this.poolID, outIndex('filtration'), KLEREO_MODE.timeSlots, state);
    }
    const idx = outIndex(key);
    if (idx < 0) return;
    await this.client.setOut(this.poolID, idx, KLEREO_MODE.manual, on ? 1 : 0);
  }

  setHeating(on: boolean) {
    return this.command('heating', on);
  }
}

export function poolcopReading(s: PoolcopStatus): PoolReading {
  const r: PoolReading = {};
  const num = (key: string, v: number | undefined) => {
    if (typeof v === 'number') r[key] = v;
  };
  num('waterTemp', s.temperature.water);
  num('airTemp', s.temperature.air);
  num('pH', s.pH);
  num('orp', s.orp);
  num('pressure', s.pressure);
  num('voltage', s.voltage);
  num('pumpSpeed', s.status.pumpspeed);
  num('valvePosition', s.status.valveposition);
  if (typeof s.status.pump === 'number') r.filtration = s.status.pump === 1;
  if (typeof s.status.forced === 'number') r.forced = s.status.forced === 1;
  if (typeof s.waterlevel === 'number') r.waterLevel = s.waterlevel === 1;
  for (const a of s.aux) if (a.numaux <= 2) r[`aux${a.numaux}`] = a.status === 1;
  r.alarm = (s.alarms.count ?? 0) > 0;
  return r;
}

/** PoolCop's pump and auxiliaries toggle: a command is sent only when the state differs. */
class PoolcopPool implements PoolVendor {
  private last: PoolReading = {};
  constructor(private readonly client: PoolcopClient) {}

  async read() {
    this.last = poolcopReading(await this.client.status());
    return this.last;
  }

  private async toggleTo(key: string, path: string, on: boolean) {
    if (this.last[key] === undefined) await this.read();
    if (this.last[key] === on) return;
    await this.client.command(path);
    this.last[key] = on;
  }

  async command(key: string, value: number | boolean) {
    const on = value === true || (typeof value === 'number' && value > 0);
    if (key === 'filtration') return this.toggleTo('filtration', 'pump', on);
    if (key === 'pumpSpeed' && typeof value === 'number' && value >= 1 && value <= 3)
      return this.client.command(`pump/${Math.round(value)}`);
    if (key === 'aux1' || key === 'aux2') return this.toggleTo(key, `aux/${key.slice(3)}`, on);
    if (key === 'clearAlarm' && on) return this.client.command('clear_alarm');
  }

  /** The heater hangs on auxiliary 2. */
  setHeating(on: boolean) {
    return this.toggleTo('aux2', 'aux/2', on);
  }
}

/**
 * The vendor of a configuration; null when it cannot be read yet (no credentials, or a Klereo
 * account with no pool chosen).
 */
export function vendorFor(
  type: PoolType,
  credentials: GatewayPoolCredentials | null,
  selectedPool: string | null,
  o: Omit<VendorClientOptions, 'baseUrl'> & VendorUrls,
): PoolVendor | null {
  if (!credentials) return null;
  if (type === 'klereo') {
    if (!('username' in credentials) || !selectedPool) return null;
    return new KlereoPool(
      new KlereoClient({ ...o, baseUrl: o.klereoUrl }, credentials),
      selectedPool,
    );
  }
  if (!('apikey' in credentials)) return null;
  return new PoolcopPool(new PoolcopClient({ ...o, baseUrl: o.poolcopUrl }, credentials.apikey));
}

/** Checks credentials against the vendor (login, or a token for the key). */
export async function checkCredentials(
  type: PoolType,
  credentials: GatewayPoolCredentials,
  o: Omit<VendorClientOptions, 'baseUrl'> & VendorUrls,
): Promise<void> {
  if (type === 'klereo' && 'username' in credentials)
    return new KlereoClient({ ...o, baseUrl: o.klereoUrl }, credentials).login();
  if (type === 'poolcop' && 'apikey' in credentials)
    return new PoolcopClient({ ...o, baseUrl: o.poolcopUrl }, credentials.apikey).authenticate();
  throw new VendorError('invalidIds', 'credentials of another vendor');
}

/** The pools of a Klereo account. */
export function klereoPools(
  credentials: { username: string; password: string },
  o: Omit<VendorClientOptions, 'baseUrl'> & VendorUrls,
) {
  return new KlereoClient({ ...o, baseUrl: o.klereoUrl }, credentials).pools();
}
