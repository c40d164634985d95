import { randomBytes } from 'node:crypto';
import { checkHeader, parseCsv, type CsvRowIssue, type CsvTable } from '@atrium/contracts/csv';
import { parseMac, parseSerial, versionSchema } from '@atrium/contracts/gateway';
import type { GatewayType } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import { isGatewayType } from '../../lib/tenancy/stored-values';
import { newGatewayRow } from './gateway-rows';
import type { GatewaysRepository } from './gateways.repository';

const REQUIRED = ['mac', 'sn', 'type'] as const;
const OPTIONAL = ['version'] as const;

interface GatewayCsvRow {
  line: number;
  mac: string;
  sn: string;
  type: GatewayType;
  version: string | null;
}

/** Why a row cannot be imported, or the row itself. */
function readRow(line: number, cells: string[]): GatewayCsvRow | CsvRowIssue {
  const [macCell = '', snCell = '', typeCell = '', versionCell = ''] = cells;
  if (cells.length < REQUIRED.length || cells.length > REQUIRED.length + OPTIONAL.length) {
    return { line, reason: 'wrongColumnCount', value: String(cells.length) };
  }
  const mac = parseMac(macCell);
  if (!mac) return { line, reason: 'invalidMac', value: macCell };
  const sn = parseSerial(snCell);
  if (!sn) return { line, reason: 'invalidSerial', value: snCell };
  const type = typeCell.toLowerCase();
  if (!isGatewayType(type)) return { line, reason: 'invalidType', value: typeCell };
  if (versionCell !== '' && !versionSchema.safeParse(versionCell).success) {
    return { line, reason: 'invalidVersion', value: versionCell };
  }
  return { line, mac, sn, type, version: versionCell || null };
}

/** Every row checked; a MAC seen on an earlier line makes the later row invalid. */
export function checkGatewayRows(table: CsvTable) {
  const valid: GatewayCsvRow[] = [];
  const invalid: CsvRowIssue[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const row = readRow(line, cells);
    if ('reason' in row) {
      invalid.push(row);
      continue;
    }
    const seen = firstLine.get(row.mac);
    if (seen !== undefined) invalid.push({ line, reason: 'duplicateMac', value: `line ${seen}` });
    else {
      firstLine.set(row.mac, line);
      valid.push(row);
    }
  }
  return { valid, invalid };
}

const invalidCsv = (message: string, invalid: CsvRowIssue[], valid: GatewayCsvRow[]) =>
  new AppError('invalidCsv', message, {
    invalid: [...invalid].sort((a, b) => a.line - b.line),
    valid: valid.map((v) => ({ line: v.line, key: v.mac })),
  });

/**
 * The administrator's import of waiting gateways (document 3 §2, §5):
 * columns mac,sn,type[,version]; all rows or none; each gateway gets a
 * device secret, stored hashed and returned once.
 */
export class GatewayImportService {
  constructor(private readonly gateways: GatewaysRepository) {}

  async importCsv(text: string) {
    const table = parseCsv(text);
    const expected = checkHeader(table.header, REQUIRED, OPTIONAL);
    if (expected) {
      throw invalidCsv(
        `Wrong columns: ${expected}`,
        [{ line: 1, reason: 'invalidColumns', value: expected }],
        [],
      );
    }
    if (table.rows.length === 0) throw new AppError('emptyFile', 'The file has no gateway');
    const { valid, invalid } = checkGatewayRows(table);
    const existing = await this.gateways.existingMacs(valid.map((r) => r.mac));
    const fresh = valid.filter((r) => !existing.has(r.mac));
    for (const r of valid) {
      if (existing.has(r.mac))
        invalid.push({ line: r.line, reason: 'gatewayAlreadyAdded', value: r.mac });
    }
    if (invalid.length)
      throw invalidCsv(`${invalid.length} invalid rows: nothing imported`, invalid, fresh);

    const imported = fresh.map((r) => ({ ...r, secret: randomBytes(32).toString('base64url') }));
    const rows = imported.map((r) =>
      newGatewayRow({
        mac: r.mac,
        sn: r.sn,
        type: r.type,
        version: r.version,
        name: `${r.type}-${r.mac.slice(-6)}`,
        waiting: 1,
        secret_hash: sha256(r.secret),
      }),
    );
    try {
      await this.gateways.insert(rows);
    } catch (err) {
      // An import racing this one took a MAC: still nothing half-imported (one transaction).
      if ((await this.gateways.existingMacs(rows.map((r) => r.mac))).size) {
        throw new AppError('gatewayAlreadyAdded', 'A gateway of the file was added meanwhile');
      }
      throw err;
    }
    return {
      imported: imported.length,
      gateways: imported.map(({ mac, sn, type, version, secret }) => ({
        mac,
        sn,
        type,
        version,
        secret,
      })),
    };
  }
}
