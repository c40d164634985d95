import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { ApiError } from '../../lib/api/api-error';

/** What the console checks before sending (spec document 2 §5): .xml, not empty, ≤ 1,000,000 bytes. */
export function etsFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.xml')) return 'invalidFileType';
  if (file.size === 0) return 'emptyFile';
  if (file.size > MONITORING_LIMITS.etsMaxBytes) return 'fileTooLargeMax';
  return null;
}

const UPLOAD_CODES = new Set(['fileTooLargeMax', 'emptyFile', 'invalidFileType', 'etsNoAddress']);

/** A refused upload: its own message for size, emptiness, type; else etsFileNotReadable (§8). */
export function etsUploadErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 413) return 'fileTooLargeMax';
  const code = error.code;
  if (typeof code === 'string' && UPLOAD_CODES.has(code)) return code;
  return error.status >= 400 && error.status < 500 ? 'etsFileNotReadable' : 'error';
}

/** The gateway's ETS view failed (§8 ETS from gateway); the dialog then closes. */
export function gatewayEtsErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'etsNoAddress') return 'addressNotFound';
  if (code === 'etsFileNotFound') return 'projectOrEtsNotFound';
  return 'error';
}

/** "12,3 ko" style size for the chosen file. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} o`;
  const units = ['ko', 'Mo'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}
