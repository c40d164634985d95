// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomProxyReply } from '@atrium/contracts/vpn';
import { errorReply, stubFetch, type StubAnswer } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { CustomProxyDialog } from './custom-proxy-dialog';

const MAC = 'aabbccddeeff';
const PROXY = `/api/vpn/custom-proxy/${MAC}`;
const saved: CustomProxyReply = {
  url: 'http://192.168.1.20:8080',
  subdomain: 'nas-salon',
  link: 'https://nas-salon.proxy.atrium.example',
};

function renderDialog(load: StubAnswer | (() => Promise<StubAnswer>)) {
  const server = stubFetch({ [`GET ${PROXY}`]: load });
  const onNeedsRemote = vi.fn();
  const view = renderWithProviders(
    <CustomProxyDialog mac={MAC} onClose={() => undefined} onNeedsRemote={onNeedsRemote} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Proxy personnalisé' }));
  const field = () => dialog.getByRole('textbox', { name: /URL cible/ });
  const save = () => dialog.getByRole('button', { name: 'Enregistrer' });
  return { ...view, server, dialog, field, save, onNeedsRemote };
}

describe('CustomProxyDialog (spec §2, §5 URL, §8 custom proxy messages)', () => {
  it('loading: the field and save wait; then the URL and its subdomain link', async () => {
    let answer: (a: StubAnswer) => void = () => undefined;
    const { dialog, field, save } = renderDialog(
      () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
    );
    expect(dialog.getByRole('progressbar')).toBeTruthy();
    expect(field()).toHaveProperty('disabled', true);
    expect(save()).toHaveProperty('disabled', true);

    answer({ body: saved });
    const link = await dialog.findByRole('link', { name: /nas-salon/ });
    expect(link.getAttribute('href')).toBe(saved.link);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(dialog.getAllByText(saved.url)).toHaveLength(1);
    expect(field()).toHaveProperty('value', saved.url);
    expect(save()).toHaveProperty('disabled', false);
  });

  it('no active session (noActiveVPN, noProxyFile): a warning and the remote dialog on offer', async () => {
    for (const reply of [errorReply(409, 'noActiveVPN'), errorReply(404, 'noProxyFile')]) {
      const { dialog, user, onNeedsRemote, unmount } = renderDialog(reply);
      const alert = await dialog.findByText('Aucune connexion à distance active.');
      expect(alert.closest('.MuiAlert-standardWarning')).not.toBeNull();
      await user.click(dialog.getByRole('button', { name: 'Ouvrir la connexion à distance' }));
      expect(onNeedsRemote).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it('no URL saved yet (missingUrl): asks to save one first', async () => {
    const { dialog } = renderDialog(errorReply(404, 'missingUrl'));
    expect(await dialog.findByText("Enregistrez d'abord une URL.")).toBeTruthy();
    expect(dialog.queryByText('Aucune connexion à distance active.')).toBeNull();
  });

  it('any other failure shows the generic error', async () => {
    const { dialog } = renderDialog(errorReply(503, 'unavailable'));
    expect(await dialog.findByText('Une erreur est survenue.')).toBeTruthy();
  });

  it('checks the URL as it is typed; save stays disabled until it is valid', async () => {
    const { dialog, user, field, save } = renderDialog(errorReply(404, 'missingUrl'));
    await dialog.findByText("Enregistrez d'abord une URL.");
    expect(save()).toHaveProperty('disabled', true);

    await fill(user, field(), 'ftp://nas.local');
    expect(dialog.getByText("L'URL doit commencer par http:// ou https://")).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);

    await fill(user, field(), '');
    expect(dialog.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);

    await fill(user, field(), 'https://nas.local:5001');
    expect(dialog.queryByText("L'URL doit commencer par http:// ou https://")).toBeNull();
    expect(save()).toHaveProperty('disabled', false);
  });

  it('a save that returns a subdomain says customProxyConfigured and shows the link', async () => {
    const { dialog, user, field, save, server } = renderDialog(errorReply(404, 'missingUrl'));
    server.on('POST', PROXY, { body: { ...saved, url: 'https://nas.local:5001' } });
    await dialog.findByText("Enregistrez d'abord une URL.");
    await fill(user, field(), 'https://nas.local:5001');
    await user.click(save());
    expect((await findSnackbar('Proxy personnalisé configuré')).variant).toBe('success');
    expect(server.sent('POST', PROXY)[0]?.body).toEqual({ url: 'https://nas.local:5001' });
    expect(await dialog.findByRole('link', { name: /nas-salon/ })).toBeTruthy();
  });

  it('a save without a subdomain says customProxyUrlSaved', async () => {
    const { dialog, user, save, server } = renderDialog({ body: saved });
    server.on('POST', PROXY, { body: { ...saved, subdomain: null, link: null } });
    await dialog.findByRole('link', { name: /nas-salon/ });
    await user.click(save());
    expect((await findSnackbar('URL du proxy enregistrée')).variant).toBe('success');
    expect(await dialog.findByText(/Pas encore de sous-domaine/)).toBeTruthy();
  });

  it('a save refused for want of a session says noActiveVPNConnection', async () => {
    const { dialog, user, save, server } = renderDialog({ body: saved });
    server.on('POST', PROXY, errorReply(409, 'noActiveVPN'));
    await dialog.findByRole('link', { name: /nas-salon/ });
    await user.click(save());
    expect((await findSnackbar('Aucune connexion à distance active.')).variant).toBe('error');
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
  });
});
