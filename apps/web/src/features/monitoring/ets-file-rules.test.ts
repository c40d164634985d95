import { describe, expect, it } from 'vitest';
import { etsFileProblem, isKnxproj } from './ets-file-rules';

describe('etsFileProblem (document 2 §5; .knxproj: issue 18)', () => {
  it('takes .xml up to 1,000,000 bytes and .knxproj up to 50,000,000 bytes', () => {
    expect(etsFileProblem({ name: 'a.xml', size: 1_000_000 })).toBeNull();
    expect(etsFileProblem({ name: 'a.XML', size: 1_000_001 })).toBe('fileTooLargeMax');
    expect(etsFileProblem({ name: 'Villa.knxproj', size: 20_000_000 })).toBeNull();
    expect(etsFileProblem({ name: 'Villa.KNXPROJ', size: 50_000_001 })).toBe('knxprojTooLarge');
  });

  it('refuses other types and empty files', () => {
    expect(etsFileProblem({ name: 'a.csv', size: 10 })).toBe('invalidFileType');
    expect(etsFileProblem({ name: 'a.knxproj.zip', size: 10 })).toBe('invalidFileType');
    expect(etsFileProblem({ name: 'a.knxproj', size: 0 })).toBe('emptyFile');
    expect(isKnxproj(' b.knxproj ')).toBe(true);
    expect(isKnxproj('b.xml')).toBe(false);
  });
});
