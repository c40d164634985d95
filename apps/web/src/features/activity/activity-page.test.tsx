// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, ActivityPage as Page } from '@atrium/contracts/activity';
import { setToken } from '../../lib/session/session';
import { stubFetch, type SentRequest } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { ActivityPage } from './activity-page';
import { parisDayStart } from '../../lib/paris-day';
import { browserSummary } from './activity-format';

// 26 November 2026, 17:05:09 UTC: 18:05:09 in Paris.
const AT = Date.UTC(2026, 10, 26, 17, 5, 9);

const entry = (i: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: `e${i}`,
  at: AT - i * 60_000,
  actor: 'manager@atrium.demo',
  action: 'project.create',
  target: { kind: 'project', id: `p${i}`, name: `Projet ${i}` },
  ...over,
});

function serve(pages: Page[]) {
  return stubFetch({
    'GET /api/activity': (req: SentRequest) => ({
      body: req.query.cursor ? pages[Number(req.query.cursor)] : pages[0],
    }),
    'GET /api/activity/export.csv': { body: 'time,actor\r\n' },
  });
}

beforeEach(() => signInAs('manager'));
afterEach(async () => {
  setToken('');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('fr');
});

describe('ActivityPage', () => {
  it('shows who did what, in Paris time, and links only to what still exists', async () => {
    serve([
      {
        entries: [
          entry(0, {
            action: 'project.rename',
            target: { kind: 'project', id: 'p1', name: 'Siège social' },
            details: { from: 'Siège' },
            currentProject: 'p1',
          }),
          entry(1, {
            action: 'gateway.move',
            actor: 'supervisor@atrium.demo',
            target: { kind: 'gateway', id: 'aabbccddeeff', name: 'Chaufferie' },
            details: { project: 'Beta', from: 'Alpha' },
            currentProject: 'p2',
          }),
          entry(2, {
            action: 'project.delete',
            target: { kind: 'project', id: 'p9', name: 'Ancien' },
          }),
          entry(3, {
            action: 'signin.newBrowser',
            target: { kind: 'account', id: 'u1', name: 'manager@atrium.demo' },
            details: {
              browser:
                'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
            },
          }),
        ],
      },
    ]);
    renderWithProviders(<ActivityPage />, { route: '/activity' });
    const table = await screen.findByRole('table', { name: "Journal d'activité" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('26/11/2026 18:05:09')).toBeTruthy();
    expect(within(rows[0]!).getByText('a renommé le projet (ancien nom : Siège)')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Siège social' }).getAttribute('href')).toBe(
      '/projects/p1',
    );
    expect(within(rows[1]!).getByText('supervisor@atrium.demo')).toBeTruthy();
    expect(
      within(rows[1]!).getByText('a déplacé la passerelle du projet Alpha vers Beta'),
    ).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Chaufferie' }).getAttribute('href')).toBe(
      '/projects/p2/gateway/aabbccddeeff',
    );
    // Deleted: the name stays, without a link.
    expect(within(rows[2]!).getByText('Ancien')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(within(rows[3]!).getByText('Firefox 140 · Windows')).toBeTruthy();
  });

  it('stacks each entry in a block on a narrow screen', async () => {
    // Every max-width query matches: a phone.
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
    serve([{ entries: [entry(0, { currentProject: 'p0' })] }]);
    renderWithProviders(<ActivityPage />, { route: '/activity' });
    const list = await screen.findByRole('list', { name: "Journal d'activité" });
    expect(screen.queryByRole('table')).toBeNull();
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('26/11/2026 18:05:09 · manager@atrium.demo')).toBeTruthy();
    expect(within(item).getByText('a créé le projet')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Projet 0' }).getAttribute('href')).toBe(
      '/projects/p0',
    );
  });

  it('speaks English when the console does', async () => {
    await i18next.changeLanguage('en');
    serve([
      {
        entries: [
          entry(0, {
            action: 'account.rank',
            details: { from: 'user', to: 'manager' },
            target: { kind: 'account', id: 'u2', name: 'bob@x.fr' },
          }),
          entry(1, { action: 'licence.apply', details: { type: 'chartnx', value: 2 } }),
        ],
      },
    ]);
    renderWithProviders(<ActivityPage />, { route: '/activity' });
    expect(await screen.findByText("changed the account's rank: User → Manager")).toBeTruthy();
    expect(screen.getByText('26/11/2026, 18:05:09')).toBeTruthy();
    expect(
      screen.getByText('applied a licence to the project: 2 ChartNX dashboard(s)'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('loads the next page with the cursor and keeps the first', async () => {
    const server = serve([{ entries: [entry(0), entry(1)], next: '1' }, { entries: [entry(2)] }]);
    const { user } = renderWithProviders(<ActivityPage />, { route: '/activity' });
    await screen.findByText('Projet 1');
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByText('Projet 2')).toBeTruthy();
    expect(screen.getByText('Projet 0')).toBeTruthy();
    expect(server.requests.at(-1)?.query).toMatchObject({ cursor: '1', limit: '50' });
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  });

  it('filters by action and days (Paris midnights, the last day included), and exports with them', async () => {
    const server = serve([{ entries: [entry(0)] }]);
    let file: Blob | undefined;
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      if (object instanceof Blob) file = object;
      return 'blob:x';
    });
    const { user } = renderWithProviders(<ActivityPage />, { route: '/activity' });
    await screen.findByText('Projet 0');
    await user.click(screen.getByRole('combobox', { name: 'Actions' }));
    await user.click(await screen.findByRole('option', { name: 'Passerelle déplacée' }));
    await user.keyboard('{Escape}');
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-29' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-29' } });
    await waitFor(() =>
      expect(server.requests.at(-1)?.query).toEqual({
        actions: 'gateway.move',
        from: String(Date.UTC(2026, 2, 28, 23)),
        // 29 March has 23 hours in Paris (summer time starts).
        to: String(Date.UTC(2026, 2, 29, 22)),
        limit: '50',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    if (!file) throw new Error('no file');
    // UTF-8 with its byte-order mark, as the server sent it.
    const bytes = new Uint8Array(await new Response(file).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('time,actor\r\n');
    const exported = server.requests.find((r) => r.path === '/api/activity/export.csv');
    expect(exported?.query).toEqual({
      actions: 'gateway.move',
      from: String(Date.UTC(2026, 2, 28, 23)),
      to: String(Date.UTC(2026, 2, 29, 22)),
    });
  });

  it('says when nothing matches, and clears the filters', async () => {
    const server = serve([{ entries: [] }]);
    const { user } = renderWithProviders(<ActivityPage />, { route: '/activity' });
    expect(await screen.findByText("Aucune activité enregistrée pour l'instant.")).toBeTruthy();
    await user.type(screen.getByLabelText('Auteur (e-mail)'), 'bob');
    await waitFor(() => expect(server.requests.at(-1)?.query.actor).toBe('bob'));
    expect(await screen.findByText('Aucune activité ne correspond à ces filtres.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(server.requests.at(-1)?.query).toEqual({ limit: '50' }));
  });
});

describe('browserSummary', () => {
  it('names the browser, its version and the system', () => {
    expect(
      browserSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 · iOS');
    expect(
      browserSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 · Windows');
    expect(browserSummary('curl/8.5')).toBe('curl/8.5');
  });
});

describe('parisDayStart', () => {
  it('is 00:00 in Paris, winter and summer', () => {
    expect(parisDayStart('2026-01-15')).toBe(Date.UTC(2026, 0, 14, 23));
    expect(parisDayStart('2026-07-15')).toBe(Date.UTC(2026, 6, 14, 22));
    expect(parisDayStart('2026-10-25', 1)).toBe(Date.UTC(2026, 9, 25, 23));
    expect(parisDayStart('')).toBeUndefined();
  });
});
