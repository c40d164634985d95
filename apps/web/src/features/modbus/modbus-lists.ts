import type { ModbusMeter, ModbusValue } from '@atrium/contracts/modbus';

/** Gateways of type kloudnx hold Modbus configuration (document 3 §1). */
export const dataGateways = <G extends { type: string }>(gateways: readonly G[]): G[] =>
  gateways.filter((g) => g.type === 'kloudnx');

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The rows whose name holds the text (case and accents ignored). */
export function byName<T extends { name: string }>(rows: readonly T[], text: string): T[] {
  const wanted = folded(text);
  return wanted ? rows.filter((r) => folded(r.name).includes(wanted)) : [...rows];
}

/** The tag filter's choice for the values whose meter is unknown (document 3 §4). */
export const NO_METER = ':none';

export const SORT_COLUMNS = ['name', 'register', 'type', 'unitID'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** A click on a header: the same column flips its direction, another starts ascending. */
export const nextSort = (sort: Sort, column: SortColumn): Sort =>
  sort.column === column
    ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const COMPARE: Record<SortColumn, (a: ModbusValue, b: ModbusValue) => number> = {
  name: (a, b) => collator.compare(a.name, b.name),
  register: (a, b) => a.options.registerAddress - b.options.registerAddress,
  type: (a, b) => collator.compare(a.options.dataType, b.options.dataType),
  unitID: (a, b) => a.options.unitID - b.options.unitID,
};

export function sortValues(values: readonly ModbusValue[], sort: Sort): ModbusValue[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...values].sort(
    (a, b) => sign * COMPARE[sort.column](a, b) || collator.compare(a.name, b.name),
  );
}

export interface ValueGroup {
  /** The meter, or null for 'No Meter'. */
  meter: ModbusMeter | null;
  values: ModbusValue[];
}

/**
 * The configurations list (document 3 §2, §4): values grouped under their meter in the
 * meters' order, 'No Meter' last; filtered by name and by the chosen meters (NO_METER for
 * values whose meter is unknown); empty groups left out.
 */
export function groupValues(
  meters: readonly ModbusMeter[],
  values: readonly ModbusValue[],
  filters: { text: string; meterIds: readonly string[]; sort: Sort },
): ValueGroup[] {
  const known = new Set(meters.map((m) => m.id));
  const meterOf = (v: ModbusValue) => (known.has(v.meterId) ? v.meterId : NO_METER);
  const chosen = (id: string) => filters.meterIds.length === 0 || filters.meterIds.includes(id);
  const shown = sortValues(byName(values, filters.text), filters.sort).filter((v) =>
    chosen(meterOf(v)),
  );
  const groups: ValueGroup[] = meters.map((meter) => ({
    meter,
    values: shown.filter((v) => v.meterId === meter.id),
  }));
  groups.push({ meter: null, values: shown.filter((v) => meterOf(v) === NO_METER) });
  return groups.filter((g) => g.values.length > 0);
}
