import type { z } from 'zod';
import type { CsvRowIssue } from '@atrium/contracts/csv';
import { parseMac } from '@atrium/contracts/gateway';
import {
  MODBUS_CSV_OPTIONAL,
  MODBUS_CSV_REQUIRED,
  modbusMeterBody,
  modbusValueBody,
  type ModbusMeterBody,
  type ModbusValueBody,
} from '@atrium/contracts/modbus';

/** One row of the Modbus import: a value and the meter it is read from. */
export interface ModbusCsvRow {
  line: number;
  meter: ModbusMeterBody;
  value: ModbusValueBody;
}

const COLUMNS = [...MODBUS_CSV_REQUIRED, ...MODBUS_CSV_OPTIONAL];
type Column = (typeof COLUMNS)[number];

/** Reasons a row may give as its field's message key (csvImport.reasons in the console). */
const FIELD_REASONS = new Set([
  'ipAddress',
  'port',
  'scaleFactor',
  'interval',
  'unit',
  'invalidName',
  'required',
]);

const number = (cell: string) => (cell.trim() === '' ? undefined : Number(cell));
const FLAGS: Record<string, boolean> = { '': false, '0': false, false: false, no: false };
for (const yes of ['1', 'true', 'yes']) FLAGS[yes] = true;

/** The first issue as a row issue: the field's message key, else invalidValue and the column. */
function issueOf(line: number, error: z.ZodError, column: (path: string) => string): CsvRowIssue {
  const issue = error.issues[0];
  const reason = issue && FIELD_REASONS.has(issue.message) ? issue.message : 'invalidValue';
  return { line, reason, value: column(String(issue?.path.at(-1) ?? '')) };
}

/** Reads one data row (cells in the header's order); a row issue when it is not valid. */
export function readModbusRow(line: number, cells: string[]): ModbusCsvRow | CsvRowIssue {
  if (cells.length < MODBUS_CSV_REQUIRED.length || cells.length > COLUMNS.length)
    return { line, reason: 'wrongColumnCount', value: String(cells.length) };
  const cell = (c: Column) => cells[COLUMNS.indexOf(c)] ?? '';
  const gatewayMac = parseMac(cell('gateway'));
  if (!gatewayMac) return { line, reason: 'invalidMac', value: cell('gateway') };
  const flags = {
    swapBytes: FLAGS[cell('swapbytes').toLowerCase()],
    swapWords: FLAGS[cell('swapwords').toLowerCase()],
  };
  for (const [name, flag] of Object.entries(flags))
    if (flag === undefined) return { line, reason: 'invalidValue', value: name.toLowerCase() };
  const meter = modbusMeterBody.safeParse({
    gatewayMac,
    name: cell('meter'),
    network: { ip: cell('ip'), port: number(cell('port')) },
    interval: number(cell('interval')),
  });
  if (!meter.success) return issueOf(line, meter.error, (p) => (p === 'name' ? 'meter' : p));
  const value = modbusValueBody.safeParse({
    meterId: 'csv',
    name: cell('name'),
    unit: cell('unit') || undefined,
    options: {
      registerAddress: number(cell('registeraddress')),
      wordLength: number(cell('wordlength')),
      functionCode: number(cell('functioncode')),
      unitID: number(cell('unitid')),
      scaleFactor: number(cell('scalefactor')),
      dataType: cell('datatype').toUpperCase(),
      ...flags,
    },
  });
  if (!value.success) return issueOf(line, value.error, (p) => p.toLowerCase());
  return { line, meter: meter.data, value: value.data };
}
