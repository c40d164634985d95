// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EtsPortReply, VpnStatusReply } from '@atrium/contracts/vpn';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { EtsDialog } from './ets-dialog';

const MAC = 'aabbccddeeff';
const STATUS = `/api/vpn/status/${MAC}`;
const CREATE = `/api/vpn/proxy/ets/create/${MAC}`;
const PORT = `/api/vpn/proxy/ets/port/${MAC}`;

const status = (online: boolean): VpnStatusReply => ({
  online: online ? 'true' : 'false',
  until: online ? '-1' : '0',
  ip: 'Not found',
  open: online,
  lan: null,
  delays: [7_200_000],
});
const port = (value: EtsPortReply['port']): EtsPortReply => ({
  port: value,
  server: 'ets.atrium.example',
  until: -1,
  ipv6: true,
});

function renderDialog() {
  const onNeedsRemote = vi.fn();
  const view = renderWithProviders(
    <EtsDialog mac={MAC} onClose={() => undefined} onNeedsRemote={onNeedsRemote} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Connexion ETS' }));
  return { ...view, dialog, onNeedsRemote };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('EtsDialog (spec §2 ETS dialog, §4 ETS connect, §8 warningRemoteConnexion)', () => {
  it('without an online remote connection: the warning, and the remote dialog on offer', async () => {
    stubFetch({ [`GET ${STATUS}`]: { body: status(false) } });
    const { dialog, user, onNeedsRemote } = renderDialog();
    expect(await dialog.findByText("Ouvrez d'abord une connexion à distance.")).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Ouvrir la connexion ETS' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Ouvrir la connexion à distance' }));
    expect(onNeedsRemote).toHaveBeenCalledTimes(1);
  });

  it('opens a port (IPv6), polls it every second until ready, then shows server and port', async () => {
    const answers: EtsPortReply[] = [port('false'), port('false'), port(40123)];
    const server = stubFetch({
      [`GET ${STATUS}`]: { body: status(true) },
      [`GET ${CREATE}`]: { body: port('false') },
      [`GET ${PORT}`]: () => ({ body: answers.shift() ?? port(40123) }),
    });
    const { dialog, user } = renderDialog();
    await user.click(await dialog.findByRole('checkbox', { name: 'Compatibilité IPv6' }));
    await user.click(dialog.getByRole('button', { name: 'Ouvrir la connexion ETS' }));
    await waitFor(() => expect(server.sent('GET', CREATE)).toHaveLength(1));
    expect(server.sent('GET', CREATE)[0]?.query).toEqual({ ipv6: 'true' });

    expect(await dialog.findByText('Ouverture du port ETS…')).toBeTruthy();
    await waitFor(() => expect(server.sent('GET', PORT)).toHaveLength(1));
    await tick(1000);
    await waitFor(() => expect(server.sent('GET', PORT)).toHaveLength(2));
    expect(dialog.queryByText('40123')).toBeNull();
    await tick(1000);
    expect(await dialog.findByText('40123')).toBeTruthy();
    expect(dialog.getByText('ets.atrium.example')).toBeTruthy();
    expect(dialog.getByText('Sans limite')).toBeTruthy();
    expect(dialog.queryByText('Ouverture du port ETS…')).toBeNull();

    await tick(3000);
    expect(server.sent('GET', PORT)).toHaveLength(3);
  });

  it('a port ready at once needs no polling; copying it says addressCopied', async () => {
    const server = stubFetch({
      [`GET ${STATUS}`]: { body: status(true) },
      [`GET ${CREATE}`]: { body: { ...port(40200), until: String(Date.UTC(2026, 0, 5, 10, 30)) } },
    });
    const { dialog, user } = renderDialog();
    await user.click(await dialog.findByRole('button', { name: 'Ouvrir la connexion ETS' }));
    expect(await dialog.findByText('40200')).toBeTruthy();
    expect(server.sent('GET', CREATE)[0]?.query).toEqual({ ipv6: 'false' });
    expect(dialog.getByText(/5 janvier 2026/).textContent).toContain('11:30');
    expect(server.sent('GET', PORT)).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Copier : Port' }));
    // user-event puts its own clipboard in place.
    expect(await navigator.clipboard.readText()).toBe('40200');
    expect((await findSnackbar('Adresse copiée')).variant).toBe('success');
  });

  it('the help shows where server and port go in ETS', async () => {
    stubFetch({ [`GET ${STATUS}`]: { body: status(true) } });
    const { dialog, user } = renderDialog();
    await user.click(await dialog.findByRole('button', { name: 'Aide' }));
    const help = await screen.findByRole('dialog', { name: 'Se connecter depuis ETS' });
    expect(within(help).getByRole('img', { name: /KNXnet\/IP TCP/ })).toBeTruthy();
    expect(help.textContent).toContain('Choisissez le type KNXnet/IP, protocole TCP.');
  });
});
