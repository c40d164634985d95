// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminFleetStats, AdminGateway, AdminGatewaysPage } from '@atrium/contracts/admin';
import { setToken } from '../../lib/session/session';
import { errorReply, stubFetch, type SentRequest } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { AdminPage } from './admin-page';
import { ratePerSecond } from './hub-tab';

// 26 November 2026, 17:05:09 UTC: 18:05:09 in Paris.
const AT = Date.UTC(2026, 10, 26, 17, 5, 9);

const gateway = (i: number, over: Partial<AdminGateway> = {}): AdminGateway => ({
  id: `g${i}`,
  mac: `f1${String(i).padStart(10, '0')}`,
  sn: `SN${i}`,
  type: 'kloudnx',
  name: `Passerelle ${i}`,
  version: '8.5.0',
  online: i % 2 === 0,
  waiting: false,
  teamId: 't1',
  teamName: 'Équipe Alpha',
  projectId: 'p1',
  projectName: 'Siège',
  lastOnline: AT,
  ...over,
});

/** 10,000 gateways, served a page at a time as the server does. */
function gatewayPages(req: SentRequest): { body: AdminGatewaysPage } {
  const page = Number(req.query.page);
  const pageSize = Number(req.query.pageSize);
  const total = req.query.search ? 1 : 10_000;
  const from = (page - 1) * pageSize;
  const items = Array.from({ length: Math.min(pageSize, total - from) }, (_, i) =>
    gateway(from + i, from + i === 3 ? { waiting: true, projectId: null, teamId: null } : {}),
  );
  return { body: { items, total, page, pageSize } };
}

const stats: AdminFleetStats = {
  total: 10_000,
  online: 7_500,
  waiting: 1_000,
  teams: 200,
  users: 1_234,
  types: [
    {
      type: 'kloudnx',
      total: 4_000,
      online: 3_000,
      waiting: 400,
      reference: '8.5.0',
      versions: [
        { version: '8.5.0', total: 3_000, online: 2_500 },
        { version: '8.4.2', total: 1_000, online: 500 },
      ],
    },
    { type: 'grafnx', total: 0, online: 0, waiting: 0, reference: '1.2.0', versions: [] },
  ],
};

beforeEach(() => signInAs('admin'));
afterEach(async () => {
  setToken('');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('fr');
});

describe('AdminPage', () => {
  it('opens on the fleet: counts in the console language, versions per type', async () => {
    stubFetch({ 'GET /api/admin/fleet-stats': { body: stats } });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByText('10 000')).toBeTruthy();
    expect(screen.getByText('1 234')).toBeTruthy();
    expect(screen.getByText('3 000 en ligne sur 4 000')).toBeTruthy();
    const versions = screen.getByRole('list', { name: 'Versions des passerelles KloudNX' });
    const items = within(versions)
      .getAllByRole('listitem')
      .map((li) => li.textContent.replace(/\s/g, ' '));
    expect(items[0]).toContain('8.5.0 · référence');
    expect(items[0]).toContain('3 000 (75 %)');
    expect(items[1]).toContain('8.4.2');
    expect(screen.getByText('Aucune passerelle de ce type.')).toBeTruthy();
  });

  it('pages, filters and searches the gateways on the server', async () => {
    const server = stubFetch({ 'GET /api/admin/gateways': gatewayPages });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=gateways' });
    const table = await screen.findByRole('table', { name: 'Passerelles' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(server.sent('GET', '/api/admin/gateways')[0]?.query).toEqual({
      page: '1',
      pageSize: '25',
    });
    expect(screen.getByText('1–25 sur 10 000')).toBeTruthy();
    // In a project: a link to the gateway page; waiting: no link, and said so.
    const link = within(table).getByRole('link', { name: 'Passerelle 0' });
    expect(link.getAttribute('href')).toBe('/projects/p1/gateway/g0');
    expect(within(table).queryByRole('link', { name: 'Passerelle 3' })).toBeNull();
    expect(within(table).getByText("En attente d'un compte")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByText('26–50 sur 10 000');
    expect(server.sent('GET', '/api/admin/gateways').at(-1)?.query.page).toBe('2');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GrafNX' }));
    await waitFor(() =>
      expect(server.sent('GET', '/api/admin/gateways').at(-1)?.query).toMatchObject({
        page: '1',
        type: 'grafnx',
      }),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: /Rechercher/ }), {
      target: { value: 'aa:bb' },
    });
    await waitFor(() =>
      expect(server.sent('GET', '/api/admin/gateways').at(-1)?.query).toMatchObject({
        page: '1',
        search: 'aa:bb',
        type: 'grafnx',
      }),
    );
    expect(await screen.findByText('1–1 sur 1')).toBeTruthy();
  });

  it('imports waiting gateways from a CSV file and shows their secrets once', async () => {
    const server = stubFetch({
      'POST /api/gateway/add': {
        status: 201,
        body: {
          imported: 1,
          gateways: [
            { mac: 'aabbccddeeff', sn: 'SN1', type: 'kloudnx', version: null, secret: 's3cret' },
          ],
        },
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=imports' });
    const section = await screen.findByRole('region', {
      name: 'Ajouter des passerelles en attente',
    });
    const input = section.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['mac,sn,type\naabbccddeeff,SN1,kloudnx\n'], 'gw.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Importer' }));
    expect(await within(section).findByText('1 passerelle importée.')).toBeTruthy();
    expect(within(section).getByText('s3cret')).toBeTruthy();
    expect(server.sent('POST', '/api/gateway/add')[0]?.body).toBeInstanceOf(FormData);
  });

  it('lists the rows a refused licence CSV had wrong', async () => {
    stubFetch({
      'POST /api/licences/add': {
        ...errorReply(400, 'invalidCsv'),
        body: {
          statusCode: 400,
          code: 'invalidCsv',
          message: 'x',
          invalid: [{ line: 3, reason: 'duplicateKey', value: 'K1' }],
          valid: [{ line: 2, key: 'K1' }],
        },
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=imports' });
    const section = await screen.findByRole('region', { name: 'Ajouter des licences' });
    const input = section.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['key,type\n'], 'l.csv')] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Importer' }));
    const refused = await within(section).findByRole('table', { name: 'Lignes refusées' });
    expect(within(refused).getByText('K1')).toBeTruthy();
  });

  it('uploads a beta firmware with its type and version, and sets a reference version', async () => {
    const server = stubFetch({
      'GET /api/admin/firmware': { body: { firmware: [] } },
      'GET /api/information/version': {
        body: {
          poolnx: '8.5.0',
          kloudnx: '8.5.0',
          klocknx: '2.0.0',
          emergynx: '1.0.0',
          grafnx: '1.2.0',
        },
      },
      'POST /api/information/update': {
        status: 201,
        body: {
          firmware: {
            id: 'f1',
            type: 'kloudnx',
            version: '8.6.0',
            branch: 'beta',
            sha256: 'x',
            size: 1_500_000,
            createdAt: AT,
          },
        },
      },
      'POST /api/information/version': {
        body: {
          poolnx: '8.5.0',
          kloudnx: '8.6.0',
          klocknx: '2.0.0',
          emergynx: '1.0.0',
          grafnx: '1.2.0',
        },
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=firmware' });
    expect(await screen.findByText('Aucun firmware téléversé.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Téléverser un firmware' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Version' }), {
      target: { value: '8.6.0' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Bêta' }));
    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['bin'], 'fw.bin')] } });
    server.on('GET', '/api/admin/firmware', {
      body: {
        firmware: [
          {
            id: 'f1',
            type: 'kloudnx',
            version: '8.6.0',
            branch: 'beta',
            sha256: 'x',
            size: 1_500_000,
            createdAt: AT,
          },
        ],
      },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Téléverser' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/information/update')[0]?.query).toEqual({
        type: 'kloudnx',
        version: '8.6.0',
        branch: 'beta',
      }),
    );
    const list = await screen.findByRole('table', { name: 'Versions de firmware' });
    expect(within(list).getByText('26/11/2026 18:05:09')).toBeTruthy();
    expect(within(list).getByText('1,5 Mo')).toBeTruthy();
    // A beta is never offered as the reference.
    expect(within(list).queryByRole('button', { name: /Définir KloudNX 8.6.0/ })).toBeNull();

    const reference = screen.getByRole('form', { name: 'Versions de référence' });
    fireEvent.change(
      within(reference).getByRole('textbox', { name: 'Nouvelle version de référence' }),
      {
        target: { value: '8.6.0' },
      },
    );
    fireEvent.click(within(reference).getByRole('button', { name: 'Définir comme référence' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/information/version')[0]?.body).toEqual({
        type: 'kloudnx',
        version: '8.6.0',
      }),
    );
    expect(await within(reference).findByText('KloudNX : 8.6.0')).toBeTruthy();
    // The beta release is now the reference: the list says so.
    expect(await within(list).findByText('référence')).toBeTruthy();
  });

  it('shows the hub counters, in English too', async () => {
    await i18next.changeLanguage('en');
    stubFetch({
      'GET /api/hub/stats': {
        body: {
          transport: 'embedded',
          connected: 1234,
          accepted: { state: 10, telegram: 5 },
          dropped: { rateLimited: 2 },
          disconnected: {},
          pendingCommands: 3,
          overload: {
            inFlight: 8421,
            inFlightBytes: 1e6,
            peakInFlight: 9000,
            peakInFlightBytes: 2e6,
            pausedReads: 4,
            slowedReads: 2,
            pauses: 1,
            paused: true,
          },
          store: {
            queuedPoints: 200_000,
            waitingForRoom: 1500,
            peakWaitingForRoom: 1500,
            waitedForRoom: 3,
          },
        },
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=hub' });
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('Gateways connected')).toBeTruthy();
    // The backlog: queued and waiting-for-room points together; the guard's messages in flight.
    expect(screen.getByText('201,500')).toBeTruthy();
    expect(screen.getByText('Points waiting to be written')).toBeTruthy();
    expect(screen.getByText('8,421')).toBeTruthy();
    expect(
      screen.getByText('Messages waiting to be stored (reading gateways paused)'),
    ).toBeTruthy();
    expect(screen.getByText('Commands waiting for a reply')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Messages dropped, by reason' })).toBeTruthy();
  });

  it('grants, extends and cancels subscriptions by hand (manual billing)', async () => {
    const sub = {
      _id: 's1',
      nickname: 'Contrat 2027',
      status: 'active',
      plan: { name: 'pro', _id: 'pro' },
      project: { _id: 'p1', name: 'Siège' },
      provider: 'manual',
      until: Date.UTC(2026, 11, 31, 23),
      team: { _id: 't1', name: 'Équipe Alpha' },
      createdAt: AT,
    };
    const server = stubFetch({
      'GET /api/admin/subscriptions': { body: { subscriptions: [sub], total: 1 } },
      'GET /api/admin/teams': {
        body: {
          items: [
            { id: 't1', name: 'Équipe Alpha', createdAt: AT, users: 2, projects: 1, gateways: 3 },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      },
      'POST /api/admin/subscriptions': { status: 201, body: { subscription: sub } },
      'POST /api/admin/subscriptions/s1': { body: { subscription: sub } },
      'POST /api/admin/subscriptions/s1/cancel': {
        body: { subscription: { ...sub, status: 'cancelled' } },
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=subscriptions' });
    const table = await screen.findByRole('table', { name: 'Abonnements' });
    expect(within(table).getByText('Actif')).toBeTruthy();
    // The end of 31 December 2026 in Paris.
    expect(within(table).getByText('31/12/2026')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Attribuer un abonnement' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Équipe' }), {
      target: { value: 'Alpha' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Équipe Alpha' }));
    fireEvent.change(within(form).getByLabelText("Jusqu'au"), { target: { value: '2027-01-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Attribuer' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/admin/subscriptions')[0]?.body).toEqual({
        teamId: 't1',
        plan: 'pro',
        // Midnight at the end of 31 January 2027 in Paris (UTC+1).
        until: Date.UTC(2027, 0, 31, 23),
      }),
    );

    fireEvent.change(within(table).getByLabelText('Nouvelle échéance'), {
      target: { value: '2027-06-30' },
    });
    fireEvent.click(
      within(table).getByRole('button', { name: "Prolonger l'abonnement Contrat 2027" }),
    );
    await waitFor(() =>
      expect(server.sent('POST', '/api/admin/subscriptions/s1')[0]?.body).toEqual({
        until: Date.UTC(2027, 5, 30, 22),
      }),
    );
    fireEvent.click(
      within(table).getByRole('button', { name: "Résilier l'abonnement Contrat 2027" }),
    );
    await waitFor(() =>
      expect(server.sent('POST', '/api/admin/subscriptions/s1/cancel')).toHaveLength(1),
    );
  });

  it('publishes an information message in French and English with its last day, and removes one', async () => {
    const server = stubFetch({
      'GET /api/information/message': {
        body: {
          messages: [
            {
              id: 'm1',
              color: 'warning',
              text: 'Maintenance ce soir',
              textEn: 'Maintenance tonight',
              expiresAt: Date.UTC(2026, 11, 1, 23),
            },
          ],
        },
      },
      'POST /api/information/message': {
        status: 201,
        body: {
          message: { id: 'm2', color: 'error', text: 'Panne', textEn: null, expiresAt: null },
        },
      },
      'DELETE /api/information/message/m1': { body: { message: 'success' } },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=information' });
    const shown = await screen.findByRole('list', { name: 'Messages affichés' });
    expect(within(shown).getByText('Maintenance tonight')).toBeTruthy();
    expect(within(shown).getByText("Affiché jusqu'au 01/12/2026 inclus")).toBeTruthy();

    const form = screen.getByRole('form', { name: "Nouveau message d'information" });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Couleur' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alerte (rouge)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Texte en français/ }), {
      target: { value: ' Panne ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Texte en anglais/ }), {
      target: { value: 'Outage' },
    });
    fireEvent.change(within(form).getByLabelText('Dernier jour affiché'), {
      target: { value: '2026-07-14' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/information/message')[0]?.body).toEqual({
        color: 'error',
        text: 'Panne',
        textEn: 'Outage',
        // The end of 14 July 2026 in Paris (UTC+2).
        expiresAt: Date.UTC(2026, 6, 14, 22),
      }),
    );
    fireEvent.click(
      within(shown).getByRole('button', { name: 'Supprimer le message Maintenance ce soir' }),
    );
    await waitFor(() =>
      expect(server.sent('DELETE', '/api/information/message/m1')).toHaveLength(1),
    );
  });

  it('computes the message rate between two readings', () => {
    expect(ratePerSecond(null, { at: 1000, accepted: 5 })).toBeNull();
    expect(ratePerSecond({ at: 1000, accepted: 5 }, { at: 4000, accepted: 35 })).toBe(10);
    // A restarted hub counts from 0 again: no rate rather than a negative one.
    expect(ratePerSecond({ at: 1000, accepted: 50 }, { at: 4000, accepted: 3 })).toBeNull();
  });
});
