// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultPoolRows, type PoolDataEvent, type PoolRow } from '@atrium/contracts/pool';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { PoolTableDialog } from './pool-table-dialog';
import type { PoolLive } from './use-pool-live';

const MAC = 'aabbccddeeff';

const liveOf = (data: PoolDataEvent | null, connected = true): PoolLive => ({
  connected,
  data,
  error: null,
  refresh: vi.fn(),
});

function renderTable(live: PoolLive, rows: PoolRow[] = defaultPoolRows('klereo', 'status')) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <PoolTableDialog
      mac={MAC}
      kind="POOL_to_KNX"
      rows={rows}
      live={live}
      readOnly={false}
      onClose={onClose}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Table des états (piscine → KNX)' }));
  return { ...view, dialog, onClose };
}

const address = (name: string) => screen.getByRole('textbox', { name: `Adresse de ${name}` });

describe('PoolTableDialog (document 2 §2, §4, §5)', () => {
  it('search and used-only filter the rows', async () => {
    const { dialog, user } = renderTable(liveOf(null));
    expect(dialog.getAllByRole('row')).toHaveLength(18);
    await user.type(dialog.getByRole('searchbox', { name: 'Rechercher' }), 'redox');
    expect(dialog.getAllByRole('row')).toHaveLength(2);
    await user.clear(dialog.getByRole('searchbox', { name: 'Rechercher' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Utiliser pH' }));
    await user.click(dialog.getByRole('switch', { name: 'Utilisées seulement' }));
    expect(dialog.getAllByRole('row').map((r) => r.getAttribute('data-row'))).toEqual([null, 'pH']);
  });

  it('auto-fill from the first shown address; without one, malformedAddress', async () => {
    const { dialog, user } = renderTable(liveOf(null));
    await user.click(dialog.getByRole('button', { name: 'Remplissage auto' }));
    expect(dialog.getByText(/Adresse de groupe mal formée/)).toBeTruthy();
    await user.type(address('waterTemp'), '2/3/1');
    await user.click(dialog.getByRole('button', { name: 'Remplissage auto' }));
    expect((address('airTemp') as HTMLInputElement).value).toBe('2/3/2');
    expect((address('alarm') as HTMLInputElement).value).toBe('2/3/17');
  });

  it('a malformed address blocks saving; a valid table is posted whole', async () => {
    const server = stubFetch({
      'POST /api/poolnx/update': { body: { message: 'changeSuccess', synced: true } },
    });
    const { dialog, user, onClose } = renderTable(liveOf(null));
    await user.type(address('waterTemp'), '1/8/300');
    expect(dialog.getByText(/Adresse de groupe mal formée/)).toBeTruthy();
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(address('waterTemp'));
    await user.type(address('waterTemp'), '2/3/001');
    await user.click(dialog.getByRole('checkbox', { name: 'Utiliser waterTemp' }));
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = server.requests.find((r) => r.path === '/api/poolnx/update');
    expect(sent?.query).toEqual({ mac: MAC });
    const body = sent?.body as { POOL_to_KNX: Array<Record<string, unknown>> };
    expect(body.POOL_to_KNX).toHaveLength(17);
    expect(body.POOL_to_KNX[0]).toEqual({
      name: 'waterTemp',
      address: '2/3/1',
      enabled: true,
      rename: '',
      dpt: '9.001',
    });
  });

  it('says when the vendor is down or its quota spent', () => {
    const data = (state: 'unavailable' | 'rateLimited'): PoolDataEvent => ({
      mac: MAC,
      lastUpdate: null,
      POOL_to_KNX: [],
      KNX_to_POOL: [],
      vendor: { state, at: 1 },
    });
    const { dialog, rerender } = renderTable(liveOf(data('unavailable')));
    expect(dialog.getByText(/Le service du fabricant de la piscine ne répond pas/)).toBeTruthy();
    rerender(
      <PoolTableDialog
        mac={MAC}
        kind="POOL_to_KNX"
        rows={defaultPoolRows('klereo', 'status')}
        live={liveOf(data('rateLimited'))}
        readOnly={false}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText(/Trop de requêtes vers le service du fabricant/)).toBeTruthy();
  });

  it('saved while the gateway is offline: says the configuration waits for it', async () => {
    stubFetch({ 'POST /api/poolnx/update': { body: { message: 'changeSuccess', synced: false } } });
    const { dialog, user } = renderTable(liveOf(null, false));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        'Configuration en attente : elle sera envoyée à la passerelle à sa reconnexion.',
      ),
    ).toBeTruthy();
  });

  it('shows live values with the display rules, the live indicator and the last update', async () => {
    const live = defaultPoolRows('klereo', 'status').map((r) =>
      r.name === 'waterTemp'
        ? { ...r, value: 27.456, timestamp: 1 }
        : r.name === 'redox'
          ? { ...r, value: 652.4, timestamp: 1 }
          : r.name === 'filtration'
            ? { ...r, value: true, timestamp: 1 }
            : r,
    );
    const data: PoolDataEvent = {
      mac: MAC,
      lastUpdate: Date.UTC(2026, 5, 1, 10, 30),
      POOL_to_KNX: live,
      KNX_to_POOL: [],
      vendor: { state: 'ok', at: 1 },
    };
    const { dialog, rerender } = renderTable(liveOf(data));
    expect(dialog.getByTestId('value-waterTemp').textContent).toBe('27,46 °C');
    expect(dialog.getByTestId('value-redox').textContent).toBe('652,400 mV');
    expect(dialog.getByTestId('value-filtration').textContent).toBe('Marche');
    expect(dialog.getByText('En direct')).toBeTruthy();
    expect(dialog.getByText(/Dernière mise à jour : 01\/06\/2026 12:30/)).toBeTruthy();
    rerender(
      <PoolTableDialog
        mac={MAC}
        kind="POOL_to_KNX"
        rows={defaultPoolRows('klereo', 'status')}
        live={liveOf(null, false)}
        readOnly={false}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Hors ligne')).toBeTruthy();
  });
});
