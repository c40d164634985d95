/**
 * The name of a Modbus value's series, `modbus:{value id}` (issue 15): the graph's measurement
 * and a threshold's address. Kept apart from graph.ts, which alerts.ts cannot import (a cycle
 * through monitoring.ts and project.ts).
 */
export const MODBUS_MEASUREMENT_PREFIX = 'modbus:';
export const modbusMeasurement = (valueId: string) => `${MODBUS_MEASUREMENT_PREFIX}${valueId}`;
/** The value id of a Modbus measurement, or null for any other measurement. */
export function valueIdOf(measurement: string): string | null {
  if (!measurement.startsWith(MODBUS_MEASUREMENT_PREFIX)) return null;
  return measurement.slice(MODBUS_MEASUREMENT_PREFIX.length) || null;
}
