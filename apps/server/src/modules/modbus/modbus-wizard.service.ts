import type {
  ModbusConfiguration,
  ModbusReadSpec,
  ModbusWizardConfiguration,
} from '@atrium/contracts/modbus';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { gatewayRef } from '../../lib/tenancy/project-access';
import type { GatewaysRepository, GatewayView } from '../gateways/gateways.repository';
import { checkLimits, merged, requireKloudnx } from './modbus-checks';
import type { ConfigSender } from './modbus-config';
import {
  meterRow,
  readSpecOf,
  toMeter,
  valueRow,
  type MeterRow,
  type NewMeterRow,
  type NewValueRow,
  type ValueRow,
} from './modbus-rows';
import type { ModbusRepository } from './modbus.repository';

export interface WizardDeps {
  repo: ModbusRepository;
  gateways: Pick<GatewaysRepository, 'find'>;
  sender: ConfigSender;
}

/** The wizard's cards of one gateway: each meter with its values. */
function configurations(meters: MeterRow[], values: (ValueRow | NewValueRow)[]) {
  return meters.map((m): ModbusConfiguration => ({
    ...toMeter(m),
    values: values
      .filter((v) => v.meter_id === m.id)
      .map((v) => ({ id: v.id, name: v.name, unit: v.unit ?? '', ...readSpecOf(v) })),
  }));
}

/** How a wizard value is read: the fields of the read spec. */
const optionsOf = (v: ModbusWizardConfiguration['values'][number]): ModbusReadSpec => ({
  registerAddress: v.registerAddress,
  wordLength: v.wordLength,
  functionCode: v.functionCode,
  unitID: v.unitID,
  scaleFactor: v.scaleFactor,
  dataType: v.dataType,
  swapBytes: v.swapBytes,
  swapWords: v.swapWords,
});

/**
 * The rows of the wizard's cards: a card (or value) keeps the id of the gateway's meter (or
 * value) it names, and gets a new one otherwise.
 */
function rowsOfCards(
  projectId: string,
  mac: string,
  list: ModbusWizardConfiguration[],
  stored: { meters: MeterRow[]; values: ValueRow[] },
) {
  const metersById = new Map(stored.meters.map((m) => [m.id, m]));
  const valuesById = new Map(stored.values.map((v) => [v.id, v]));
  const now = Date.now();
  const meterRows: NewMeterRow[] = [];
  const valueRows: NewValueRow[] = [];
  for (const card of list) {
    const before = card.id ? metersById.get(card.id) : undefined;
    const fields = { ...card, gatewayMac: mac };
    const meter = meterRow(projectId, before?.id ?? newId(), fields, now, before);
    meterRows.push(meter);
    for (const v of card.values) {
      const old = v.id ? valuesById.get(v.id) : undefined;
      const value = { meterId: meter.id, name: v.name, unit: v.unit, options: optionsOf(v) };
      valueRows.push(valueRow(projectId, old?.id ?? newId(), value, mac, now, old));
    }
  }
  return { meterRows, valueRows };
}

/** The Modbus wizard of one gateway (document 3 §2, `gateway/monitored/modbus/{id}`). */
export class ModbusWizardService {
  constructor(private readonly d: WizardDeps) {}

  /** The gateway (by id or MAC), a kloudnx (409 modbusUnsupported). */
  private async gateway(ref: string): Promise<GatewayView> {
    const gw = await this.d.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    requireKloudnx(gw);
    return gw;
  }

  /** The gateway's configurations; none when it is in no project. */
  async list(ref: string): Promise<ModbusConfiguration[]> {
    const gw = await this.gateway(ref);
    if (!gw.project_id) return [];
    const [meters, values] = await Promise.all([
      this.d.repo.meters(gw.project_id, gw.mac),
      this.d.repo.values(gw.project_id, gw.mac),
    ]);
    return configurations(meters, values);
  }

  /**
   * Replaces the gateway's configurations (decision 0019): a card whose id is one of the
   * gateway's meters updates it, any other card is a new meter; the same for the values of a
   * card; meters and values not sent are deleted. Absent `enabled`, `interval` and `unit`
   * keep their stored values (defaults for new ones).
   */
  async save(ref: string, list: ModbusWizardConfiguration[]) {
    const gw = await this.gateway(ref);
    const projectId = gw.project_id;
    if (!projectId) throw new AppError('gatewayNotInProject', `${gw.name} is in no project`);
    const [meters, values, all] = await Promise.all([
      this.d.repo.meters(projectId, gw.mac),
      this.d.repo.values(projectId, gw.mac),
      this.d.repo.meters(projectId),
    ]);
    const { meterRows, valueRows } = rowsOfCards(projectId, gw.mac, list, { meters, values });
    const keptMeters = new Set(meterRows.map((m) => m.id));
    const keptValues = new Set(valueRows.map((v) => v.id));
    const deleteMeters = meters.filter((m) => !keptMeters.has(m.id)).map((m) => m.id);
    checkLimits(merged<NewMeterRow>(all, meterRows, new Set(deleteMeters)).values(), valueRows);
    await this.d.repo.apply(projectId, {
      meters: meterRows,
      values: valueRows,
      deleteMeters,
      deleteValues: values.filter((v) => !keptValues.has(v.id)).map((v) => v.id),
    });
    const sent = await this.d.sender.push([gw.mac]);
    const saved = await this.d.repo.meters(projectId, gw.mac);
    return { list: configurations(saved, valueRows), sent };
  }
}
