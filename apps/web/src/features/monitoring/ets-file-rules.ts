import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { formatBytes } from '../../lib/locale';
import { errorMessageKey } from '../../lib/api/error-key';

/** True for an ETS project file (`.knxproj`, beyond the spec: issue 18), which may need a password. */
export const isKnxproj = (name: string): boolean => name.trim().toLowerCase().endsWith('.knxproj');

/**
 * What the console checks before sending (spec document 2 §5): .xml, not empty,
 * ≤ 1,000,000 bytes; or (issue 18) an ETS project .knxproj of at most 50,000,000 bytes.
 */
export function etsFileProblem(file: { name: string; size: number }): string | null {
  const project = isKnxproj(file.name);
  if (!project && !file.name.trim().toLowerCase().endsWith('.xml')) return 'invalidFileType';
  if (file.size === 0) return 'emptyFile';
  if (project && file.size > MONITORING_LIMITS.knxprojMaxBytes) return 'knxprojTooLarge';
  if (!project && file.size > MONITORING_LIMITS.etsMaxBytes) return 'fileTooLargeMax';
  return null;
}

/** The password problems a reply can carry; shown on the password field. */
export const PASSWORD_ERRORS = ['etsPasswordRequired', 'etsPasswordWrong'] as const;

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
