import { valueIdOf, VOLTAGE_MEASUREMENT, type GraphSeries } from '@atrium/contracts/graph';
import { formatMac } from '@atrium/contracts/gateway';
import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { isBooleanDpt } from '@atrium/knx/dpt-catalogue';

/** A measurement the graph can show: a monitored address, or the gateways' voltage. */
export interface MeasurementOption {
  measurement: string;
  name: string;
  /** Gateway recording the address (empty for voltage: every gateway has it). */
  gateway: string;
  dpt: string | null;
  isBool: boolean;
  /** A Modbus value's unit (its measurement is `modbus:{id}`, its name "meter – value"). */
  unit?: string;
}

interface Monitored {
  address: string;
  dpt: string;
  name: string;
  gateway: string;
}

/** Voltage is a default series of every gateway (spec document 2 §2). */
export const DEFAULT_SELECTION: readonly string[] = [VOLTAGE_MEASUREMENT];

function addressOrder(a: string, b: string): number {
  const pa = a.split('/').map(Number);
  const pb = b.split('/').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** A Modbus value the graph can chart (graph-api's ModbusMeasurement). */
interface ModbusOption {
  measurement: string;
  name: string;
  gateway: string;
  unit: string;
}

/** Whether a measurement names a Modbus value's series. */
export const isModbus = (measurement: string) => valueIdOf(measurement) !== null;

/** Voltage first, then the monitored addresses in address order, then the Modbus values by name. */
export function measurementOptions(
  monitored: readonly Monitored[],
  voltageName: string,
  modbus: readonly ModbusOption[] = [],
): MeasurementOption[] {
  const voltage: MeasurementOption = {
    measurement: VOLTAGE_MEASUREMENT,
    name: voltageName,
    gateway: '',
    dpt: null,
    isBool: false,
  };
  const addresses = [...monitored]
    .sort((a, b) => addressOrder(a.address, b.address))
    .map((m) => ({
      measurement: m.address,
      name: m.name,
      gateway: m.gateway,
      dpt: m.dpt,
      isBool: isBooleanDpt(m.dpt),
    }));
  const values = [...modbus]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((m) => ({ ...m, dpt: null, isBool: false }));
  return [voltage, ...addresses, ...values];
}

/**
 * The server charts booleans and numbers in separate queries (mixing them is
 * invalidDPT), so the selection is split; unknown measurements stay numeric and
 * the server answers cannotFindAddress for them.
 */
export function splitSelection(
  selection: readonly string[],
  options: readonly MeasurementOption[],
): { numeric: string[]; boolean: string[] } {
  const isBool = new Set(options.filter((o) => o.isBool).map((o) => o.measurement));
  return {
    numeric: selection.filter((m) => !isBool.has(m)),
    boolean: selection.filter((m) => isBool.has(m)),
  };
}

/** The text a favorite shows (spec §3 Favorite display string). */
export function favoriteDisplay(
  selection: readonly string[],
  options: readonly MeasurementOption[],
): string {
  const text = selection
    .map((m) => {
      const option = options.find((o) => o.measurement === m);
      if (option && isModbus(m)) return option.name;
      return option && option.measurement !== option.name ? `${m} ${option.name}` : m;
    })
    .join(', ');
  return text.slice(0, MONITORING_LIMITS.favoriteDisplayMax);
}

/** The legend and export label of a reply series. */
export function seriesLabel(series: GraphSeries, voltageName: string): string {
  if (series.address === VOLTAGE_MEASUREMENT) return `${voltageName} – ${series.name}`;
  if (isModbus(series.address)) return series.name;
  return series.name ? `${series.address} ${series.name}` : series.address;
}

/** The CSV's Address column: the group address, "voltage (MAC)" per gateway, a Modbus value's name. */
export function exportLabel(series: GraphSeries): string {
  if (isModbus(series.address)) return series.name;
  return series.address === VOLTAGE_MEASUREMENT
    ? `${VOLTAGE_MEASUREMENT} (${formatMac(series.mac)})`
    : series.address;
}
