import { checkHeader, parseCsv, type CsvRowIssue } from '@atrium/contracts/csv';
import { MODBUS_CSV_OPTIONAL, MODBUS_CSV_REQUIRED, MODBUS_LIMITS } from '@atrium/contracts/modbus';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { ConfigSender } from './modbus-config';
import { readModbusRow, type ModbusCsvRow } from './modbus-csv-rows';
import { meterRow, valueRow, type NewMeterRow, type NewValueRow } from './modbus-rows';
import type { ModbusRepository } from './modbus.repository';

export interface ImportDeps {
  repo: ModbusRepository;
  gateways: Pick<GatewaysRepository, 'find'>;
  sender: ConfigSender;
}

/** The rows of one meter of the file, its first row first. */
interface MeterGroup {
  first: ModbusCsvRow;
  rows: ModbusCsvRow[];
}

const sameNetwork = (a: ModbusCsvRow, b: ModbusCsvRow) =>
  a.meter.network.ip === b.meter.network.ip &&
  a.meter.network.port === b.meter.network.port &&
  a.meter.interval === b.meter.interval;

const invalidCsv = (message: string, invalid: CsvRowIssue[], valid: ModbusCsvRow[]) =>
  new AppError('invalidCsv', message, {
    invalid: invalid.sort((a, b) => a.line - b.line),
    valid: valid.map((r) => ({ line: r.line, key: `${r.meter.name}/${r.value.name}` })),
  });

/** The Modbus CSV import of a project (decision 0019): new meters with their values; all or none. */
export class ModbusImportService {
  constructor(private readonly d: ImportDeps) {}

  async importCsv(projectId: string, text: string) {
    const table = parseCsv(text);
    const expected = checkHeader(table.header, MODBUS_CSV_REQUIRED, MODBUS_CSV_OPTIONAL);
    if (expected)
      throw invalidCsv(
        `Wrong columns: ${expected}`,
        [{ line: 1, reason: 'invalidColumns', value: expected }],
        [],
      );
    if (table.rows.length === 0) throw new AppError('emptyFile', 'The file has no value');
    const invalid: CsvRowIssue[] = [];
    const groups = new Map<string, MeterGroup>();
    for (const { line, cells } of table.rows) {
      const row = readModbusRow(line, cells);
      if ('reason' in row) {
        invalid.push(row);
        continue;
      }
      const key = `${row.meter.gatewayMac}\u0000${row.meter.name}`;
      const group = groups.get(key) ?? { first: row, rows: [] };
      groups.set(key, group);
      if (!sameNetwork(group.first, row))
        invalid.push({ line, reason: 'meterMismatch', value: `line ${group.first.line}` });
      else if (group.rows.some((r) => r.value.name === row.value.name))
        invalid.push({ line, reason: 'duplicateValue', value: row.value.name });
      else group.rows.push(row);
    }
    await this.checkGateways(projectId, [...groups.values()], invalid);
    const valid = [...groups.values()].flatMap((g) => g.rows);
    const failed = new Set(invalid.map((i) => i.line));
    if (invalid.length) {
      const ok = valid.filter((r) => !failed.has(r.line));
      throw invalidCsv(`${invalid.length} invalid rows: nothing imported`, invalid, ok);
    }
    return this.save(projectId, [...groups.values()]);
  }

  /** Each meter's gateway: in the project, a kloudnx, without that meter name, within limits. */
  private async checkGateways(projectId: string, groups: MeterGroup[], invalid: CsvRowIssue[]) {
    const existing = await this.d.repo.meters(projectId);
    const newPerGateway = new Map<string, number>();
    const gateways = new Map<string, Awaited<ReturnType<ImportDeps['gateways']['find']>>>();
    for (const g of groups) {
      const mac = g.first.meter.gatewayMac;
      if (!gateways.has(mac)) gateways.set(mac, await this.d.gateways.find({ mac }));
      const gw = gateways.get(mac);
      const fail = (reason: string, value: string) =>
        g.rows.forEach((r) => invalid.push({ line: r.line, reason, value }));
      if (!gw || gw.project_id !== projectId) fail('gatewayNotInProject', mac);
      else if (gw.type !== 'kloudnx') fail('modbusUnsupported', mac);
      else if (existing.some((m) => m.gateway_mac === mac && m.name === g.first.meter.name))
        fail('meterAlreadyExists', g.first.meter.name);
      else {
        const count =
          (newPerGateway.get(mac) ?? existing.filter((m) => m.gateway_mac === mac).length) + 1;
        newPerGateway.set(mac, count);
        if (count > MODBUS_LIMITS.metersPerGateway) fail('modbusLimit', mac);
        g.rows
          .slice(MODBUS_LIMITS.valuesPerMeter)
          .forEach((r) =>
            invalid.push({ line: r.line, reason: 'modbusLimit', value: g.first.meter.name }),
          );
      }
    }
  }

  private async save(projectId: string, groups: MeterGroup[]) {
    const now = Date.now();
    const meters: NewMeterRow[] = [];
    const values: NewValueRow[] = [];
    for (const g of groups) {
      const meter = meterRow(projectId, newId(), g.first.meter, now);
      meters.push(meter);
      for (const r of g.rows) {
        const fields = { ...r.value, meterId: meter.id };
        values.push(valueRow(projectId, newId(), fields, meter.gateway_mac, now));
      }
    }
    await this.d.repo.apply(projectId, { meters, values });
    const sent = await this.d.sender.push(meters.map((m) => m.gateway_mac));
    return { meters: meters.length, values: values.length, sent };
  }
}
