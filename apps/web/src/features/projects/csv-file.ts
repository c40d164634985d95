import { LIMITS } from '@atrium/contracts/limits';

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

/** "12.3 kB" style sizes for the chosen file. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}
