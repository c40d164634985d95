import { MODBUS_LIMITS } from '@atrium/contracts/modbus';
import { AppError } from '../../lib/errors';
import type { GatewaysRepository, GatewayView } from '../gateways/gateways.repository';
import type { MeterRow, NewMeterRow, NewValueRow } from './modbus-rows';

/** Only kloudnx gateways poll Modbus meters (document 3 §1): 409 modbusUnsupported. */
export function requireKloudnx(gw: Pick<GatewayView, 'type' | 'name'>) {
  if (gw.type !== 'kloudnx')
    throw new AppError('modbusUnsupported', `${gw.name} is not a kloudnx gateway`);
}

/** The gateway a meter of the project is polled by: in the project (409), a kloudnx (409). */
export async function projectGateway(
  gateways: Pick<GatewaysRepository, 'find'>,
  projectId: string,
  mac: string,
): Promise<GatewayView> {
  const gw = await gateways.find({ mac });
  if (!gw || gw.project_id !== projectId)
    throw new AppError('gatewayNotInProject', `${mac} is not in this project`);
  requireKloudnx(gw);
  return gw;
}

export const meterNotFound = () => new AppError('meterNotFound', 'No such meter in this project');
export const valueNotFound = () => new AppError('valueNotFound', 'No such value in this project');

/** The meter of the project with this id (404 meterNotFound). */
export function meterIn(meters: ReadonlyMap<string, MeterRow>, id: string): MeterRow {
  const meter = meters.get(id);
  if (!meter) throw meterNotFound();
  return meter;
}

/**
 * After a save: at most 100 meters per gateway and 50 values per meter (MODBUS_LIMITS), over
 * the rows the project will hold; 400 modbusLimit otherwise.
 */
export function checkLimits(meters: Iterable<NewMeterRow>, values: Iterable<NewValueRow>) {
  const perGateway = new Map<string, number>();
  for (const m of meters) perGateway.set(m.gateway_mac, (perGateway.get(m.gateway_mac) ?? 0) + 1);
  for (const [mac, n] of perGateway) {
    if (n > MODBUS_LIMITS.metersPerGateway)
      throw new AppError('modbusLimit', `${mac}: at most ${MODBUS_LIMITS.metersPerGateway} meters`);
  }
  const perMeter = new Map<string, number>();
  for (const v of values) perMeter.set(v.meter_id, (perMeter.get(v.meter_id) ?? 0) + 1);
  for (const [meter, n] of perMeter) {
    if (n > MODBUS_LIMITS.valuesPerMeter)
      throw new AppError(
        'modbusLimit',
        `meter ${meter}: at most ${MODBUS_LIMITS.valuesPerMeter} values`,
      );
  }
}

/** Rows by id, `changed` replacing or adding to `stored`, `removed` left out. */
export function merged<T extends { id: string }>(
  stored: readonly T[],
  changed: readonly T[],
  removed: ReadonlySet<string> = new Set(),
): Map<string, T> {
  const out = new Map(stored.map((r) => [r.id, r]));
  for (const r of changed) out.set(r.id, r);
  for (const id of removed) out.delete(id);
  return out;
}
