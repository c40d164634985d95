import type { ActivityEntry } from '@atrium/contracts/activity';
import { parisOffset } from '../../lib/paris-time';

/** The export's columns, in order (decision 0022). */
export const ACTIVITY_CSV_COLUMNS = [
  'time',
  'actor',
  'action',
  'target_kind',
  'target_id',
  'target_name',
  'details',
] as const;

/** ISO 8601 in Paris time with its offset: `2026-11-26T18:40:05+01:00`. */
export function parisIso(t: number): string {
  const offset = parisOffset(t);
  const local = new Date(t + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * One RFC 4180 cell. A cell a spreadsheet would read as a formula (= + - @, or a leading tab
 * or carriage return) starts with a quote mark instead: names come from users.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const rowOf = (e: ActivityEntry) => [
  parisIso(e.at),
  e.actor,
  e.action,
  e.target.kind,
  e.target.id,
  e.target.name,
  e.details ? JSON.stringify(e.details) : '',
];

/** The whole file: a BOM (spreadsheets then read UTF-8), the header row, CRLF line ends. */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const lines = [
    ACTIVITY_CSV_COLUMNS.join(','),
    ...entries.map((e) => rowOf(e).map(csvCell).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
