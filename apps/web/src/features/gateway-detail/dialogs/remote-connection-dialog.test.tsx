// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VpnStatusReply } from '@atrium/contracts/vpn';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { RemoteConnectionDialog } from './remote-connection-dialog';

const MAC = 'aabbccddeeff';
const STATUS = `/api/vpn/status/${MAC}`;
const OPEN = `/api/vpn/open/${MAC}`;
const DISCONNECT = `/api/vpn/disconnect/${MAC}`;
const HOUR = 3_600_000;
/** Monday 5 January 2026, 11:30 in Paris (UTC+1). */
const UNTIL = Date.UTC(2026, 0, 5, 10, 30);

const status = (overrides: Partial<VpnStatusReply> = {}): VpnStatusReply => ({
  online: 'false',
  until: '0',
  ip: 'Not found',
  open: false,
  lan: null,
  delays: [2, 4, 8, 24, 48].map((h) => h * HOUR),
  ...overrides,
});
const opening = status({ open: true });
const online = status({ online: 'true', open: true, until: String(UNTIL), ip: '203.0.113.5' });

/**
 * A server whose status answers `initial`, then, after open or disconnect, the answers that
 * call queues (one per poll), the last one repeated.
 */
function vpnServer(initial: VpnStatusReply) {
  const queue: VpnStatusReply[] = [];
  let last = initial;
  const server = stubFetch({
    [`GET ${STATUS}`]: () => ({ body: (last = queue.shift() ?? last) }),
  });
  const after = (method: string, path: string, ...answers: VpnStatusReply[]) =>
    server.on(method, path, () => {
      queue.push(...answers);
      return { body: { message: 'ok' } };
    });
  const polls = () => server.sent('GET', STATUS).length;
  return { server, after, polls };
}

function renderDialog(props: { isAdmin?: boolean; autoStart?: boolean } = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <RemoteConnectionDialog
      mac={MAC}
      queryId="g1"
      isAdmin={props.isAdmin ?? false}
      autoStart={props.autoStart ?? false}
      onClose={onClose}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Connexion à distance' }));
  return { ...view, onClose, dialog };
}

/** Moves the fake clock (the 1 s polls) and lets the answers land. */
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RemoteConnectionDialog (spec §4 remote connection, §6, §8, §9)', () => {
  it('opens with 2 h, polls every second until online, then says so and closes', async () => {
    const { after, polls, server } = vpnServer(status());
    after('POST', OPEN, opening, opening, online);
    const { dialog, user, onClose } = renderDialog();
    expect(await dialog.findByRole('combobox', { name: 'Durée de la connexion' })).toHaveProperty(
      'textContent',
      '2 heures',
    );
    expect(polls()).toBe(1);

    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(server.sent('POST', OPEN)).toHaveLength(1));
    expect(server.sent('POST', OPEN)[0]?.body).toEqual({ delay: 2 * HOUR });
    expect(dialog.getByText(/la passerelle établit le tunnel/)).toBeTruthy();

    await tick(1000);
    await waitFor(() => expect(polls()).toBe(2));
    await tick(1000);
    await waitFor(() => expect(polls()).toBe(3));
    expect(onClose).not.toHaveBeenCalled();
    await tick(1000);
    expect((await findSnackbar('Connexion à distance établie')).variant).toBe('success');
    expect(onClose).toHaveBeenCalledTimes(1);

    // Online: the polling is over.
    const done = polls();
    await tick(3000);
    expect(polls()).toBe(done);
  });

  it('an online session shows its end in Paris time and disconnects, polling until offline', async () => {
    const { after, polls, server } = vpnServer(online);
    after('GET', DISCONNECT, online, status());
    const { dialog, user } = renderDialog();
    expect(await dialog.findByText('La connexion à distance est active.')).toBeTruthy();
    const end = dialog.getByText(/5 janvier 2026/);
    expect(end.textContent).toContain('11:30');
    expect(dialog.queryByText("IP d'origine du tunnel")).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Déconnecter' }));
    await waitFor(() => expect(server.sent('GET', DISCONNECT)).toHaveLength(1));
    expect(dialog.getByText('Fermeture de la connexion…')).toBeTruthy();
    await tick(1000);
    await waitFor(() => expect(polls()).toBe(2));
    expect(dialog.getByText('Fermeture de la connexion…')).toBeTruthy();
    await tick(1000);
    expect((await findSnackbar('Connexion à distance fermée')).variant).toBe('success');
    expect(await dialog.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    const done = polls();
    await tick(3000);
    expect(polls()).toBe(done);
  });

  it('an unlimited session (until -1) shows the infinity sign and "Sans limite"', async () => {
    vpnServer(status({ online: 'true', open: true, until: -1 }));
    const { dialog } = renderDialog();
    const end = await dialog.findByText('Sans limite');
    expect(end.querySelector('[data-testid="AllInclusiveIcon"]')).not.toBeNull();
    expect(dialog.queryByText(/\d{4}/)).toBeNull();
  });

  it("offers only the project's delays and sends the one picked", async () => {
    const { after, server } = vpnServer(status({ delays: [2 * HOUR, 4 * HOUR, 8 * HOUR] }));
    after('POST', OPEN, online);
    const { dialog, user } = renderDialog();
    await user.click(await dialog.findByRole('combobox', { name: 'Durée de la connexion' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['2 heures', '4 heures', '8 heures']);
    await user.click(screen.getByRole('option', { name: '8 heures' }));
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(server.sent('POST', OPEN)[0]?.body).toEqual({ delay: 8 * HOUR }));
  });

  it('administrators may pick any delay, or no end at all', async () => {
    const { after, server } = vpnServer(status({ delays: [2 * HOUR] }));
    after('POST', OPEN, online);
    const { dialog, user } = renderDialog({ isAdmin: true });
    await user.click(await dialog.findByRole('combobox', { name: 'Durée de la connexion' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      '2 heures',
      '4 heures',
      '8 heures',
      '24 heures',
      '48 heures',
      'Sans limite',
    ]);
    await user.click(screen.getByRole('option', { name: 'Sans limite' }));
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(server.sent('POST', OPEN)[0]?.body).toEqual({ delay: -1 }));
  });

  it('administrators see where the tunnel comes from and the LAN address', async () => {
    vpnServer({ ...online, lan: '192.168.1.20' });
    const { dialog } = renderDialog({ isAdmin: true });
    expect(await dialog.findByText('203.0.113.5')).toBeTruthy();
    expect(dialog.getByText("IP d'origine du tunnel")).toBeTruthy();
    expect(dialog.getByText('IP sur le réseau local')).toBeTruthy();
    expect(dialog.getByText('192.168.1.20')).toBeTruthy();
  });

  it('a failed opening shows its message and goes back to offline, without polling', async () => {
    const { server, polls } = vpnServer(status());
    server.on('POST', OPEN, errorReply(409, 'gatewayOffline'));
    const { dialog, user } = renderDialog();
    await user.click(await dialog.findByRole('button', { name: 'Se connecter' }));
    expect((await findSnackbar('La passerelle est hors ligne.')).variant).toBe('error');
    expect(dialog.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false);
    await tick(3000);
    expect(polls()).toBe(1);
  });

  it('after the password wizard, the connection starts by itself with the default delay', async () => {
    const { after, server } = vpnServer(status());
    after('POST', OPEN, online);
    renderDialog({ autoStart: true });
    await waitFor(() => expect(server.sent('POST', OPEN)).toHaveLength(1));
    expect(server.sent('POST', OPEN)[0]?.body).toEqual({ delay: 2 * HOUR });
  });
});
