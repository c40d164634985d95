// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { renderHookWithProviders } from '../../testing/render';
import { findSnackbar } from '../../testing/snackbars';
import { useGatewayActions } from './use-gateway-actions';

const GW = { mac: 'aabbccddeeff', name: 'Salon' };

describe('gateway sharing (POST /api/gateway/share/{id})', () => {
  it('keeps an unknown e-mail on the field as userNotFound, then shares with the lowercased e-mail', async () => {
    const server = stubFetch({
      [`POST /api/gateway/share/${GW.mac}`]: errorReply(404, 'userNotFound'),
    });
    const view = renderHookWithProviders(() => useGatewayActions('p1'));
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = view.result.current.share(GW);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Partager' });
    expect(within(dialog).getByText(/verra la passerelle Salon en lecture seule/)).toBeTruthy();
    const field = within(dialog).getByLabelText(/Adresse e-mail/);
    await fill(view.user, field, 'Nobody@Atrium.fr');
    await view.user.click(within(dialog).getByRole('button', { name: 'Partager' }));
    expect(await within(dialog).findByText('Utilisateur introuvable.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Nobody@Atrium.fr');

    server.on('POST', `/api/gateway/share/${GW.mac}`, { body: { message: 'success' } });
    await fill(view.user, field, ' Friend@Atrium.FR ');
    await view.user.click(within(dialog).getByRole('button', { name: 'Partager' }));
    await act(() => done);
    expect(server.sent('POST', `/api/gateway/share/${GW.mac}`).map((r) => r.body)).toEqual([
      { email: 'nobody@atrium.fr' },
      { email: 'friend@atrium.fr' },
    ]);
    expect((await findSnackbar('Passerelle partagée')).variant).toBe('success');
  });
});
