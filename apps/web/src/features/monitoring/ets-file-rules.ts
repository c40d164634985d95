import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { formatBytes } from '../../lib/locale';
import { errorMessageKey } from '../../lib/api/error-key';

/** What the console checks before sending (spec document 2 §5): .xml, not empty, ≤ 1,000,000 bytes. */
export function etsFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.xml')) return 'invalidFileType';
  if (file.size === 0) return 'emptyFile';
  if (file.size > MONITORING_LIMITS.etsMaxBytes) return 'fileTooLargeMax';
  return null;
}

/** A refused upload: its own message for size, emptiness, type; a malformed one etsFileNotReadable (§8). */
export function etsUploadErrorKey(error: unknown): string {
  return errorMessageKey(error, {
    payloadTooLarge: 'fileTooLargeMax',
    validation: 'etsFileNotReadable',
    unsupportedMediaType: 'etsFileNotReadable',
  });
}

/** The gateway's ETS view failed (§8 ETS from gateway); the dialog then closes. */
export function gatewayEtsErrorKey(error: unknown): string {
  return errorMessageKey(error, {
    etsNoAddress: 'addressNotFound',
    etsFileNotFound: 'projectOrEtsNotFound',
    notFound: 'error',
  });
}

/** "12,3 ko" / "12.3 kB" style size for the chosen file, in the console's language. */
export const fileSize = (bytes: number): string => formatBytes(bytes);
