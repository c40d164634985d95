// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VpnLogEntry } from '@atrium/contracts/vpn';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { VpnLogDialog } from './vpn-log-dialog';

const MAC = 'aabbccddeeff';
const LOG = `/api/vpn/log/${MAC}`;
/** 5 January 2026, 10:00 in Paris (UTC+1). */
const OPENED = Date.UTC(2026, 0, 5, 9, 0);
const MIN = 60_000;

const entry = (overrides: Partial<VpnLogEntry>): VpnLogEntry => ({
  _id: 's1',
  openedBy: 'anne@atrium.fr',
  openedAt: OPENED,
  until: OPENED + 120 * MIN,
  closedAt: OPENED + 105 * MIN,
  closeReason: 'disconnected',
  connectedAt: OPENED + MIN,
  reached: ['http', 'ets'],
  bytesIn: 1_534_000,
  bytesOut: 48_200,
  ...overrides,
});
const ITEMS = [
  entry({}),
  entry({
    _id: 's2',
    openedBy: 'admin@atrium.fr',
    until: -1,
    closedAt: null,
    closeReason: null,
    connectedAt: null,
    reached: [],
    bytesIn: 0,
    bytesOut: 512,
  }),
];

function renderLog(items: VpnLogEntry[] = ITEMS) {
  stubFetch({ [`GET ${LOG}`]: { body: { items } } });
  renderWithProviders(<VpnLogDialog mac={MAC} onClose={() => undefined} />);
  return within(screen.getByRole('dialog', { name: 'Journal des accès à distance' }));
}

/** Text with Intl's narrow no-break spaces ("1,5 Mo") read as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

/** The text of each cell of each body row. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );

afterEach(async () => {
  await act(() => i18next.changeLanguage('fr'));
  vi.restoreAllMocks();
});

describe('VpnLogDialog (remote access log)', () => {
  it('a row per session: who, when (Paris time), end, closing, what was reached, traffic', async () => {
    const dialog = renderLog();
    const table = await dialog.findByRole('table', { name: 'Journal des accès à distance' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Ouverte par',
      'Ouverte le',
      'Fin prévue',
      'Fermée le',
      'Accès',
      'Données',
    ]);
    const [closed, ongoing] = rowTexts(table);
    expect(closed?.[0]).toBe('anne@atrium.fr');
    expect(closed?.[1]).toMatch(/^5 janv\. 2026.*10:00$/);
    expect(closed?.[2]).toMatch(/12:00$/);
    expect(closed?.[3]).toMatch(/11:45Déconnectée$/);
    expect(closed?.[4]).toBe('Pages webETS');
    expect(closed?.[5]).toBe('1,5 Mo reçus48 ko envoyés');

    expect(ongoing?.[2]).toBe('Sans limite');
    expect(ongoing?.[3]).toBe('En cours');
    expect(ongoing?.[4]).toBe('Tunnel jamais établi');
    expect(ongoing?.[5]).toBe('0 o reçus512 o envoyés');
  });

  it("follows the console's language for dates and units", async () => {
    await act(() => i18next.changeLanguage('en'));
    stubFetch({ [`GET ${LOG}`]: { body: { items: ITEMS } } });
    renderWithProviders(<VpnLogDialog mac={MAC} onClose={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Remote access log' });
    const [closed, ongoing] = rowTexts(table);
    expect(closed?.[1]).toBe('5 Jan 2026, 10:00');
    expect(closed?.[3]).toMatch(/Disconnected$/);
    expect(closed?.[5]).toBe('1.5 MB received48 kB sent');
    expect(ongoing?.[5]).toBe('0 B received512 B sent');
  });

  it('on a phone, a list of sessions instead of the table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: media.includes('max-width'),
          media,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const dialog = renderLog();
    const list = await dialog.findByRole('list', { name: 'Journal des accès à distance' });
    expect(dialog.queryByRole('table')).toBeNull();
    const sessions = within(list).getAllByRole('listitem');
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.textContent).toContain('anne@atrium.fr');
    expect(plain(sessions[0]?.textContent)).toContain('1,5 Mo reçus');
    expect(sessions[1]?.textContent).toContain('Sans limite');
  });

  it('says when no session was ever opened', async () => {
    const dialog = renderLog([]);
    expect(
      await dialog.findByText(
        "Aucune connexion à distance n'a encore été ouverte sur cette passerelle.",
      ),
    ).toBeTruthy();
  });
});
