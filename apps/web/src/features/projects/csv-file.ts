import { LIMITS } from '@atrium/contracts/limits';
import { formatBytes } from '../../lib/locale';

/**
 * The checks of document 3 §5 before sending: a `.csv` file, not empty, at most
 * 1,000,000 bytes. Returns the message key of the first failure, or null.
 */
export function csvFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return 'invalidFileType';
  if (file.size === 0) return 'emptyFile';
  if (file.size > LIMITS.uploadMaxBytes) return 'fileTooLargeMax';
  return null;
}

/** "12.3 kB" / "12,3 ko" style sizes for the chosen file, in the console's language. */
export const fileSize = (bytes: number): string => formatBytes(bytes);
