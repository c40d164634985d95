import { describe, expect, it } from 'vitest';
import { csvFileProblem, fileSize } from './csv-file';

describe('csvFileProblem (document 3 §5)', () => {
  it('accepts a non-empty .csv file up to 1,000,000 bytes', () => {
    expect(csvFileProblem({ name: 'gateways.CSV', size: 1_000_000 })).toBeNull();
  });

  it('names the first problem', () => {
    expect(csvFileProblem({ name: 'gateways.xlsx', size: 10 })).toBe('invalidFileType');
    expect(csvFileProblem({ name: 'a.csv', size: 0 })).toBe('emptyFile');
    expect(csvFileProblem({ name: 'a.csv', size: 1_000_001 })).toBe('fileTooLargeMax');
  });

  it('formats sizes', () => {
    expect(fileSize(999)).toBe('999 o');
    expect(fileSize(12_345)).toBe('12,3 ko');
    expect(fileSize(1_000_000)).toBe('1 Mo');
  });
});
