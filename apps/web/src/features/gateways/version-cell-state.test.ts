import { describe, expect, it } from 'vitest';
import { versionCellState } from './version-cell-state';

const latest = {
  poolnx: '7.6.0',
  kloudnx: '8.5.0',
  klocknx: '1.4.0',
  emergynx: '2.1.0',
  grafnx: '1.2.0',
};
const gw = (over: Partial<Parameters<typeof versionCellState>[0]> = {}) => ({
  type: 'kloudnx' as const,
  version: '8.5.0',
  online: true,
  initialized: true,
  waitingCerts: false,
  waitingUpdate: false,
  step: null,
  ...over,
});

describe('versionCellState (spec §2 row version cell)', () => {
  it('shows a progress bar while a step is set and not -1', () => {
    expect(versionCellState(gw({ step: '3/4' }), latest)).toEqual({
      kind: 'progress',
      percent: 75,
      label: '3/4',
    });
    expect(versionCellState(gw({ step: 'updating' }), latest)).toMatchObject({
      kind: 'progress',
      percent: null,
    });
  });

  it('says booting when the step is -1, as a number or a string', () => {
    expect(versionCellState(gw({ step: -1 }), latest)).toEqual({ kind: 'booting' });
    expect(versionCellState(gw({ step: '-1' }), latest)).toEqual({ kind: 'booting' });
  });

  it('shows the waiting download icon only when offline', () => {
    expect(versionCellState(gw({ online: false, waitingCerts: true }), latest)).toEqual({
      kind: 'waiting',
      reason: 'certs',
    });
    expect(versionCellState(gw({ online: false, waitingUpdate: true }), latest)).toEqual({
      kind: 'waiting',
      reason: 'update',
    });
    expect(versionCellState(gw({ online: true, waitingUpdate: true }), latest).kind).toBe(
      'version',
    );
  });

  it('shows a badge when the reference version is newer', () => {
    expect(versionCellState(gw({ version: '8.4.2' }), latest)).toEqual({
      kind: 'outdated',
      version: '8.4.2',
      latest: '8.5.0',
    });
  });

  it('shows a clear icon for an initialised gateway with an unknown version', () => {
    expect(versionCellState(gw({ version: null }), latest)).toEqual({ kind: 'unknown' });
    expect(versionCellState(gw({ version: null, initialized: false }), latest)).toEqual({
      kind: 'version',
      version: null,
      status: undefined,
    });
  });

  it('otherwise shows the version with its status', () => {
    expect(versionCellState(gw(), latest)).toMatchObject({ kind: 'version', status: 'uptodate' });
    expect(versionCellState(gw({ version: '9.0' }), latest)).toMatchObject({ status: 'beta' });
    expect(versionCellState(gw({ version: '6.9' }), latest)).toMatchObject({ status: 'EOL' });
    expect(versionCellState(gw(), undefined)).toMatchObject({ status: undefined });
  });
});
