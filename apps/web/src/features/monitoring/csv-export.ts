import { strToU8, zipSync } from 'fflate';
import { formatDateTime } from '../../lib/dates';

/** The spec's export columns (document 2 §2 Graph dialog). */
const CSV_HEADER = ['Address', 'date', 'Value'] as const;
export const ZIP_NAME = 'data.zip';
export const CSV_NAME = 'data.csv';

interface ExportSeries {
  /** What the Address column shows: the group address, or the voltage of a named gateway. */
  label: string;
  list: readonly { x: number; y: number }[];
}

/** RFC 4180 quoting, only where needed (a label may hold a comma). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * CSV text: one row per point, series after series, dates in French format and
 * Paris time ("dd/mm/yyyy hh:mm:ss"), values as numbers with a dot.
 */
export function graphCsv(series: readonly ExportSeries[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const s of series) {
    const label = field(s.label);
    for (const p of s.list) lines.push(`${label},${formatDateTime(p.x)},${p.y}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV zipped as data.zip (one entry, data.csv). */
export function graphZip(series: readonly ExportSeries[], now = new Date()): Uint8Array {
  return zipSync({ [CSV_NAME]: [strToU8(graphCsv(series)), { mtime: now }] }, { level: 6 });
}

/** Hands the bytes to the browser as a download. */
export function downloadBytes(bytes: Uint8Array, name: string, type = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
