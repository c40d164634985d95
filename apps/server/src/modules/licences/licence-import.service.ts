import { checkHeader, parseCsv, type CsvRowIssue } from '@atrium/contracts/csv';
import { LICENCE_KEY, type LicenceType } from '@atrium/contracts/licence';
import { AppError } from '../../lib/errors';
import type { LicencesRepository } from './licences.repository';
import { isLicenceType, normaliseKey } from './licences.service';

const REQUIRED = ['key', 'type'] as const;
const OPTIONAL = ['value'] as const;
const VALUE_MAX = 100_000;

interface LicenceCsvRow {
  line: number;
  key: string;
  type: LicenceType;
  value: number | null;
}

/** vpn needs its hours; chartnx counts 1 dashboard unless told; the others carry no value. */
function valueFor(type: LicenceType, cell: string): number | null | undefined {
  const n = /^\d{1,6}$/.test(cell) ? Number(cell) : undefined;
  if (cell !== '' && (n === undefined || n < 1 || n > VALUE_MAX)) return undefined;
  if (type === 'vpn') return n;
  if (type === 'chartnx') return n ?? 1;
  return null;
}

function readRow(line: number, cells: string[]): LicenceCsvRow | CsvRowIssue {
  const [keyCell = '', typeCell = '', valueCell = ''] = cells;
  if (cells.length < REQUIRED.length || cells.length > REQUIRED.length + OPTIONAL.length) {
    return { line, reason: 'wrongColumnCount', value: String(cells.length) };
  }
  if (!LICENCE_KEY.test(keyCell)) return { line, reason: 'invalidKey', value: keyCell };
  const type = typeCell.toLowerCase();
  if (!isLicenceType(type)) return { line, reason: 'invalidType', value: typeCell };
  const value = valueFor(type, valueCell);
  if (value === undefined) return { line, reason: 'invalidValue', value: valueCell };
  return { line, key: normaliseKey(keyCell), type, value };
}

/** The administrator's import of licence keys: columns key,type[,value]; all rows or none. */
export class LicenceImportService {
  constructor(private readonly repo: LicencesRepository) {}

  async importCsv(text: string) {
    const table = parseCsv(text);
    const expected = checkHeader(table.header, REQUIRED, OPTIONAL);
    if (expected) {
      throw new AppError('invalidCsv', `Wrong columns: ${expected}`, {
        invalid: [{ line: 1, reason: 'invalidColumns', value: expected }],
        valid: [],
      });
    }
    if (table.rows.length === 0) throw new AppError('emptyFile', 'The file has no licence');
    const valid: LicenceCsvRow[] = [];
    const invalid: CsvRowIssue[] = [];
    const firstLine = new Map<string, number>();
    for (const { line, cells } of table.rows) {
      const row = readRow(line, cells);
      if ('reason' in row) invalid.push(row);
      else if (firstLine.has(row.key)) {
        invalid.push({ line, reason: 'duplicateKey', value: `line ${firstLine.get(row.key)}` });
      } else {
        firstLine.set(row.key, line);
        valid.push(row);
      }
    }
    const existing = await this.repo.existingKeys(valid.map((r) => r.key));
    for (const r of valid) {
      if (existing.has(r.key))
        invalid.push({ line: r.line, reason: 'licenceAlreadyExists', value: r.key });
    }
    const fresh = valid.filter((r) => !existing.has(r.key));
    if (invalid.length) {
      throw new AppError('invalidCsv', `${invalid.length} invalid rows: nothing imported`, {
        invalid: invalid.sort((a, b) => a.line - b.line),
        valid: fresh.map((r) => ({ line: r.line, key: r.key })),
      });
    }
    const now = Date.now();
    await this.repo.insert(
      fresh.map((r) => ({
        key: r.key,
        type: r.type,
        value: r.value,
        project_id: null,
        used_by: null,
        used_at: null,
        created_at: now,
      })),
    );
    return { imported: fresh.length };
  }
}
