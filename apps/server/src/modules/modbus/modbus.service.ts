import type {
  ModbusMeter,
  ModbusMeterBody,
  ModbusValue,
  ModbusValueBody,
  ModbusValueRef,
} from '@atrium/contracts/modbus';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import {
  checkLimits,
  meterIn,
  meterNotFound,
  merged,
  projectGateway,
  valueNotFound,
} from './modbus-checks';
import type { ConfigSender } from './modbus-config';
import {
  meterRow,
  toMeter,
  toValue,
  valueRow,
  type NewMeterRow,
  type NewValueRow,
} from './modbus-rows';
import type { ModbusChanges, ModbusRepository } from './modbus.repository';

export interface ModbusServiceDeps {
  repo: ModbusRepository;
  gateways: Pick<GatewaysRepository, 'find'>;
  sender: ConfigSender;
}

const requireId = (id: string | undefined) => {
  if (!id) throw new AppError('required', 'The id is required to update');
  return id;
};

/**
 * The meters and values lists (document 3 §2, §7): every save is checked against the whole
 * project (gateways, limits), applied in one transaction, then sent to each gateway concerned.
 */
export class ModbusService {
  constructor(private readonly d: ModbusServiceDeps) {}

  async meters(projectId: string): Promise<ModbusMeter[]> {
    return (await this.d.repo.meters(projectId)).map(toMeter);
  }

  async values(projectId: string): Promise<ModbusValue[]> {
    return (await this.d.repo.values(projectId)).map(toValue);
  }

  /** Each value with its meter and gateway, for the graph dialog. */
  async valuesOf(projectId: string): Promise<ModbusValueRef[]> {
    return (await this.d.repo.valueRefs(projectId)).map((r) => ({
      id: r.id,
      meterId: r.meter_id,
      gatewayMac: r.gateway_mac,
      name: r.name,
      meterName: r.meter_name,
      unit: r.unit,
    }));
  }

  /** Creates (no `update`) or updates a meter; a meter moved to another gateway takes its values. */
  async saveMeter(projectId: string, body: ModbusMeterBody, update: boolean) {
    const before = update ? await this.d.repo.meter(projectId, requireId(body.id)) : undefined;
    if (update && !before) throw meterNotFound();
    await projectGateway(this.d.gateways, projectId, body.gatewayMac);
    const row = meterRow(projectId, before?.id ?? newId(), body, Date.now(), before);
    checkLimits(merged<NewMeterRow>(await this.d.repo.meters(projectId), [row]).values(), []);
    await this.d.repo.apply(projectId, { meters: [row] });
    const sent = await this.d.sender.push([
      row.gateway_mac,
      before?.gateway_mac ?? row.gateway_mac,
    ]);
    return { meter: toMeter(row), sent };
  }

  async deleteMeter(projectId: string, meterId: string) {
    const meter = await this.d.repo.meter(projectId, meterId);
    if (!meter) throw meterNotFound();
    await this.d.repo.apply(projectId, { deleteMeters: [meter.id] });
    return { removed: true as const, sent: await this.d.sender.push([meter.gateway_mac]) };
  }

  /** Creates (no `update`) or updates one value. */
  async saveValue(projectId: string, body: ModbusValueBody, update: boolean) {
    const before = update ? await this.d.repo.value(projectId, requireId(body.id)) : undefined;
    if (update && !before) throw valueNotFound();
    const plan = await this.planValues(projectId, [{ ...body, id: before?.id }], new Set());
    await this.d.repo.apply(projectId, plan.changes);
    const [row] = plan.changes.values ?? [];
    if (!row) throw valueNotFound();
    const sent = await this.d.sender.push(plan.macs);
    return { value: toValue(row), sent };
  }

  async deleteValue(projectId: string, valueId: string) {
    const value = await this.d.repo.value(projectId, valueId);
    if (!value) throw valueNotFound();
    await this.d.repo.apply(projectId, { deleteValues: [value.id] });
    return { removed: true as const, sent: await this.d.sender.push([value.gateway_mac]) };
  }

  /**
   * Saves a list of values (decision 0019): the values of the meters in scope become the list.
   * The scope is every meter of `gatewayMac` when given, and the meters the list names. A
   * listed value whose id is one of the project's is updated (and may change meter); others
   * are created with a new id; the scope's values not listed are deleted.
   */
  async saveValues(projectId: string, list: ModbusValueBody[], gatewayMac?: string) {
    const meters = await this.d.repo.meters(projectId);
    const scope = new Set(list.map((v) => v.meterId));
    for (const m of meters) if (m.gateway_mac === gatewayMac) scope.add(m.id);
    const listed = new Set(list.flatMap((v) => (v.id ? [v.id] : [])));
    const removed = (await this.d.repo.values(projectId)).filter(
      (v) => scope.has(v.meter_id) && !listed.has(v.id),
    );
    const plan = await this.planValues(projectId, list, new Set(removed.map((v) => v.id)));
    await this.d.repo.apply(projectId, plan.changes);
    removed.forEach((v) => plan.macs.add(v.gateway_mac));
    const sent = await this.d.sender.push(plan.macs);
    return { values: (plan.changes.values ?? []).map(toValue), sent };
  }

  /**
   * The rows of these values, checked: each on a meter of the project (404 meterNotFound),
   * within the limits once `removed` are gone; and the gateways whose configuration changes.
   */
  private async planValues(
    projectId: string,
    list: readonly ModbusValueBody[],
    removed: ReadonlySet<string>,
  ): Promise<{ changes: ModbusChanges; macs: Set<string> }> {
    const [meterRows, stored] = await Promise.all([
      this.d.repo.meters(projectId),
      this.d.repo.values(projectId),
    ]);
    const meters = new Map(meterRows.map((m) => [m.id, m]));
    const storedById = new Map(stored.map((v) => [v.id, v]));
    const macs = new Set<string>();
    const now = Date.now();
    const rows: NewValueRow[] = list.map((v) => {
      const meter = meterIn(meters, v.meterId);
      const before = v.id ? storedById.get(v.id) : undefined;
      if (before) macs.add(before.gateway_mac);
      macs.add(meter.gateway_mac);
      return valueRow(projectId, before?.id ?? newId(), v, meter.gateway_mac, now, before);
    });
    checkLimits([], merged<NewValueRow>(stored, rows, removed).values());
    return { changes: { values: rows, deleteValues: [...removed] }, macs };
  }
}
