// @vitest-environment happy-dom
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { DEFAULT_LATEST_VERSIONS, type LatestVersions } from '@atrium/contracts/version';
import { patchItem } from '../../lib/realtime/cache-patches';
import { gatewayItem } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render';
import { VersionCell } from './version-cell';
import { versionCellState } from './version-cell-state';

// kloudnx 8.5.0, poolnx 7.6.0, klocknx 1.4.0…
const LATEST: LatestVersions = DEFAULT_LATEST_VERSIONS;

const gateway = gatewayItem;

/** The cell as the gateway table shows it for this row (null: reference versions not loaded). */
function renderCell(row: GatewayItem, latest: LatestVersions | null = LATEST) {
  const state = versionCellState(row, latest ?? undefined);
  const { container } = renderWithProviders(<VersionCell state={state} />);
  return within(container);
}

describe('VersionCell (spec §2 "Row version cell", §4 version status)', () => {
  it('an up-to-date gateway shows its version and no badge', () => {
    const cell = renderCell(gateway());
    expect(cell.getByText('8.5.0')).toBeTruthy();
    expect(cell.queryByText('à jour')).toBeNull();
    expect(cell.queryByText('à mettre à jour')).toBeNull();
    expect(cell.queryByRole('progressbar')).toBeNull();
  });

  it('an outdated gateway shows a badge with its version that names the latest one', () => {
    const cell = renderCell(gateway({ version: '8.4.2' }));
    const badge = cell.getByLabelText('Mise à jour disponible : 8.5.0');
    expect(badge.textContent).toBe('8.4.2');
    // An older major is outdated too.
    const older = renderCell(gateway({ version: '7.9.0' }));
    expect(older.getByLabelText('Mise à jour disponible : 8.5.0').textContent).toBe('7.9.0');
  });

  it('a gateway ahead of the reference is marked beta', () => {
    const cell = renderCell(gateway({ version: '8.6.0-beta.1' }));
    expect(cell.getByText('8.6.0-beta.1')).toBeTruthy();
    expect(cell.getByText('bêta')).toBeTruthy();
    expect(cell.queryByLabelText(/Mise à jour disponible/)).toBeNull();
  });

  it('kloudnx and poolnx below major 7 are EOL rather than outdated; other types are not', () => {
    const kloud = renderCell(gateway({ version: '6.9.0' }));
    expect(kloud.getByText('6.9.0')).toBeTruthy();
    expect(kloud.getByText('EOL')).toBeTruthy();
    expect(kloud.queryByLabelText(/Mise à jour disponible/)).toBeNull();

    const pool = renderCell(gateway({ type: 'poolnx', version: '6.1' }));
    expect(pool.getByText('EOL')).toBeTruthy();

    const link = renderCell(gateway({ type: 'klocknx', version: '1.2.0' }));
    expect(link.queryByText('EOL')).toBeNull();
    expect(link.getByLabelText('Mise à jour disponible : 1.4.0').textContent).toBe('1.2.0');
  });

  it('offline with an update or certificates waiting shows the waiting icon instead', () => {
    const update = renderCell(gateway({ online: false, version: '8.4.0', waitingUpdate: true }));
    expect(
      update.getByLabelText('Mise à jour en attente : elle sera installée à la reconnexion'),
    ).toBeTruthy();
    expect(update.queryByText('8.4.0')).toBeNull();

    const certs = renderCell(gateway({ online: false, waitingCerts: true, waitingUpdate: true }));
    expect(
      certs.getByLabelText('Certificats en attente : ils seront installés à la reconnexion'),
    ).toBeTruthy();

    // Online, the waiting flags do not hide the version; offline without them neither.
    expect(renderCell(gateway({ waitingUpdate: true })).getByText('8.5.0')).toBeTruthy();
    expect(renderCell(gateway({ online: false })).getByText('8.5.0')).toBeTruthy();
  });

  it('an update in progress shows a progress bar from its "n/m" step', () => {
    const cell = renderCell(gateway({ version: '8.4.0', step: '3/4' }));
    const bar = cell.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(cell.getByText('3/4')).toBeTruthy();
    expect(cell.getByLabelText('Mise à jour en cours (3/4)')).toBeTruthy();
    expect(cell.queryByText('8.4.0')).toBeNull();
  });

  it('"updating" without a count shows an indeterminate bar; step -1 shows booting', () => {
    const updating = renderCell(gateway({ step: 'updating' }));
    expect(updating.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    expect(updating.getByText('Mise à jour…')).toBeTruthy();

    const booting = renderCell(gateway({ step: -1 }));
    expect(booting.getByText('Démarrage…')).toBeTruthy();
    expect(booting.queryByRole('progressbar')).toBeNull();
  });

  it('after a failed update the cell leaves the progress bar and offers the update again', () => {
    const updating = gateway({ version: '8.4.0', step: '2/4' });
    // The gateway:update event of a refused firmware (docs/gateway-protocol.md).
    const failed = patchItem(updating, {
      kind: 'update',
      event: {
        project: 'p1',
        mac: 'aabbccddeeff',
        step: null,
        version: null,
        error: 'firmwareChecksumMismatch',
      },
    });
    const cell = renderCell(failed);
    expect(cell.queryByRole('progressbar')).toBeNull();
    expect(cell.getByLabelText('Mise à jour disponible : 8.5.0').textContent).toBe('8.4.0');
  });

  it('an initialised gateway of unknown version shows the unknown icon; a new one a dash', () => {
    expect(renderCell(gateway({ version: null })).getByLabelText('Version inconnue')).toBeTruthy();
    const fresh = renderCell(gateway({ version: null, initialized: false }));
    expect(fresh.getByText('—')).toBeTruthy();
    expect(fresh.queryByLabelText('Version inconnue')).toBeNull();
  });

  it('without reference versions a readable version shows with no badge', () => {
    const cell = renderCell(gateway({ version: '8.4.0' }), null);
    expect(cell.getByText('8.4.0')).toBeTruthy();
    expect(cell.queryByLabelText(/Mise à jour disponible/)).toBeNull();
    expect(cell.queryByText('à mettre à jour')).toBeNull();
  });
});
