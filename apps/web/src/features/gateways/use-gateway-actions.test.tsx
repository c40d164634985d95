// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gatewayItem } from '../../testing/factories';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { renderHookWithProviders } from '../../testing/render';
import { findSnackbar } from '../../testing/snackbars';
import { useGatewayActions } from './use-gateway-actions';

const GW = { mac: 'aabbccddeeff', name: 'Salon' };

function start(run: () => Promise<unknown>) {
  let done: Promise<unknown> = Promise.resolve();
  act(() => {
    done = run();
  });
  return () => act(() => done);
}

describe('gateway prompts keep their input on a refusal (issue 16)', () => {
  it('delete with a wrong name: invalidName on the field, nothing sent; the exact name deletes', async () => {
    const server = stubFetch({ [`DELETE /api/gateway/delete/${GW.mac}`]: { body: {} } });
    const view = renderHookWithProviders(() => useGatewayActions('p1'));
    const settled = start(() => view.result.current.remove(GW));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la passerelle' });
    const field = within(dialog).getByLabelText(/Nom de la passerelle/);
    await fill(view.user, field, 'salon');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByText('Le nom saisi ne correspond pas.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('salon');
    expect(server.requests).toEqual([]);

    await fill(view.user, field, 'Salon');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await settled();
    await waitFor(() =>
      expect(server.sent('DELETE', `/api/gateway/delete/${GW.mac}`)).toHaveLength(1),
    );
  });

  it('rename is prefilled; a refused name stays on the field as invalidRename', async () => {
    const server = stubFetch({
      [`POST /api/gateway/rename/${GW.mac}`]: errorReply(400, 'validation'),
    });
    const view = renderHookWithProviders(() => useGatewayActions('p1'));
    const settled = start(() => view.result.current.rename(GW));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer' });
    const field = within(dialog).getByLabelText(/Nouveau nom/);
    expect((field as HTMLInputElement).value).toBe('Salon');
    await fill(view.user, field, 'Cuisine');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByText('Nom invalide.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Cuisine');

    server.on('POST', `/api/gateway/rename/${GW.mac}`, {
      body: { gateway: gatewayItem({ mac: GW.mac, name: 'Cuisine' }) },
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await settled();
    expect(server.sent('POST', `/api/gateway/rename/${GW.mac}`)).toHaveLength(2);
    expect((await findSnackbar('Modification enregistrée')).variant).toBe('success');
  });
});
