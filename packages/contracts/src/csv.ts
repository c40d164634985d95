import { z } from 'zod';

/** One data row of a CSV file, with its 1-based line number in the file. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  /** Column names of the first line, trimmed and lowercased. */
  header: string[];
  rows: CsvRow[];
}

/** Why a row of an import was refused. */
export const csvRowIssue = z.object({
  line: z.number(),
  reason: z.string().describe('a message key: invalidMac, invalidSerial, duplicateMac, ...'),
  value: z.string().optional(),
});
export type CsvRowIssue = z.infer<typeof csvRowIssue>;

/** Extra fields of an `invalidCsv` error: nothing was imported. */
export const csvReport = z.object({
  invalid: z.array(csvRowIssue),
  valid: z.array(z.object({ line: z.number(), key: z.string() })),
});

/** Splits one physical line, honouring double quotes ("" inside quotes is a quote). */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Reads a small CSV file: UTF-8 with or without BOM, CRLF or LF, separator `,`
 * or `;` (taken from the header line), blank lines skipped. Quoted fields may
 * not span lines: each physical line is one row, so line numbers stay exact.
 */
export function parseCsv(text: string): CsvTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return { header: [], rows: [] };
  const headerLine = lines[first] ?? '';
  const separator = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
  const header = splitLine(headerLine, separator).map((h) => h.toLowerCase());
  const rows: CsvRow[] = [];
  lines.forEach((line, i) => {
    if (i <= first || line.trim() === '') return;
    rows.push({ line: i + 1, cells: splitLine(line, separator) });
  });
  return { header, rows };
}

/**
 * Checks the header: the required columns first, in order, then optionally
 * the optional ones. Returns a description of the expected header when wrong.
 */
export function checkHeader(
  header: string[],
  required: readonly string[],
  optional: readonly string[] = [],
): string | null {
  const expected = [...required, ...optional];
  const ok =
    header.length >= required.length &&
    header.length <= expected.length &&
    header.every((h, i) => h === expected[i]);
  return ok
    ? null
    : `expected columns ${required.join(',')}${optional.map((o) => `[,${o}]`).join('')}`;
}
