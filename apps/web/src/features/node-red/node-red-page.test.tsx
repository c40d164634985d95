// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowEditorGateway, FlowEditorsPage } from '@atrium/contracts/flow-editors';
import { setToken } from '../../lib/session/session';
import { canOpenFlowEditorModules } from '../../lib/session/permissions';
import { errorReply, stubFetch, type SentRequest } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { findSnackbar } from '../../testing/snackbars';
import { canCommand, NodeRedPage } from './node-red-page';

// The signed-in test user (me@atrium.fr) belongs to a partner domain.
vi.mock('../../config/env', async (original) => ({
  ...(await original<typeof import('../../config/env')>()),
  PARTNER_DOMAINS: ['atrium.fr'],
}));

const gw = (i: number, over: Partial<FlowEditorGateway> = {}): FlowEditorGateway => ({
  id: `g${i}`,
  mac: `a0${String(i).padStart(10, '0')}`,
  sn: `SN${i}`,
  name: `Passerelle ${i}`,
  type: 'kloudnx',
  version: '8.5.0',
  online: true,
  protect: false,
  virtual: false,
  vpnOnline: false,
  projectId: 'p1',
  projectName: 'Siège',
  lastOnline: null,
  ...over,
});

const ROWS = [
  gw(1),
  gw(2, { type: 'emergynx', vpnOnline: true }),
  gw(3, { protect: true }),
  gw(4, { online: false }),
  gw(5, { projectId: null, projectName: null }),
];

function pages(req: SentRequest): { body: FlowEditorsPage } {
  const page = Number(req.query.page);
  const pageSize = Number(req.query.pageSize);
  return { body: { items: ROWS, total: ROWS.length, page, pageSize } };
}

afterEach(() => {
  setToken('');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NodeRedPage', () => {
  it('restarts the flow editor of the chosen gateways and shows each outcome', async () => {
    signInAs('manager');
    const server = stubFetch({
      'GET /api/fleet/flow-editors': pages,
      [`GET /api/gateway/nodered/restart/${ROWS[0]!.mac}`]: { body: { message: 'ok' } },
      [`GET /api/gateway/nodered/restart/${ROWS[1]!.mac}`]: errorReply(504, 'gatewayTimeout'),
    });
    renderWithProviders(<NodeRedPage />, { route: '/node-red' });
    const table = await screen.findByRole('table', { name: 'Passerelles avec éditeur de flux' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(server.sent('GET', '/api/fleet/flow-editors')[0]?.query).toEqual({
      page: '1',
      pageSize: '25',
    });
    // Protected, and offline for a manager: no command, so no choice.
    const box = (n: number) =>
      within(table).getByRole<HTMLInputElement>('checkbox', { name: `Choisir Passerelle ${n}` });
    expect(box(3).disabled).toBe(true);
    expect(box(4).disabled).toBe(true);
    expect(box(1).disabled).toBe(false);
    const restart = screen.getByRole('button', { name: "Redémarrer l'éditeur" });
    expect((restart as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(box(1));
    fireEvent.click(box(2));
    expect(screen.getByText('2 passerelles choisies')).toBeTruthy();
    fireEvent.click(restart);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText("Redémarrer l'éditeur de flux de 2 passerelles ?"),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    await findSnackbar(
      "1 passerelle(s) ont reçu la commande, 1 l'ont refusée ou n'ont pas répondu.",
    );
    expect(server.sent('GET', `/api/gateway/nodered/restart/${ROWS[0]!.mac}`)).toHaveLength(1);
    expect(server.sent('GET', `/api/gateway/nodered/restart/${ROWS[1]!.mac}`)).toHaveLength(1);
    expect(within(table).getByText('Redémarrage demandé')).toBeTruthy();
    expect(within(table).getByText("Échec : La passerelle n'a pas répondu à temps.")).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  it('lets administrators choose offline gateways, never protected ones', async () => {
    signInAs('admin');
    stubFetch({ 'GET /api/fleet/flow-editors': pages });
    renderWithProviders(<NodeRedPage />, { route: '/node-red' });
    const table = await screen.findByRole('table', { name: 'Passerelles avec éditeur de flux' });
    const page = within(table).getByRole('checkbox', {
      name: 'Choisir toutes les passerelles de la page',
    });
    fireEvent.click(page);
    await waitFor(() => expect(screen.getByText('4 passerelles choisies')).toBeTruthy());
    expect(canCommand(ROWS[3]!, true)).toBe(true);
    expect(canCommand(ROWS[2]!, true)).toBe(false);
  });

  it('sends a viewer back to the projects without asking the server anything', async () => {
    signInAs('viewer');
    const server = stubFetch({ 'GET /api/fleet/flow-editors': pages });
    renderWithProviders(<NodeRedPage />, { route: '/node-red' });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: "Modules de l'éditeur de flux" })).toBeNull(),
    );
    expect(server.requests).toEqual([]);
  });

  it('is open to administrators and partner-domain users, never to viewers', () => {
    const user = (rank: 'admin' | 'manager' | 'viewer', email: string) => ({
      rank,
      email,
      team: 't',
    });
    const partners = ['partner.example'];
    expect(canOpenFlowEditorModules(user('admin', 'a@x.fr'), partners)).toBe(true);
    expect(canOpenFlowEditorModules(user('manager', 'jo@Partner.example'), partners)).toBe(true);
    expect(canOpenFlowEditorModules(user('manager', 'jo@x.fr'), partners)).toBe(false);
    expect(canOpenFlowEditorModules(user('viewer', 'jo@partner.example'), partners)).toBe(false);
  });
});
