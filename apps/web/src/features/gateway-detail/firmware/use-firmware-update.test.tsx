// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { reportUpdateFailure, useUpdateFailure } from '../../../lib/realtime/update-failures';
import { gatewayItem } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { renderHookWithProviders } from '../../../testing/render';
import { findSnackbar, snackbarTexts } from '../../../testing/snackbars';
import { useFirmwareUpdate } from './use-firmware-update';

const MAC = 'aabbccddeeff';
const MAIN = `/api/gateway/update/${MAC}/MAIN`;
const BETA = `/api/gateway/update/${MAC}/beta`;

/** The hook on the detail screen of gateway "g1", its row already cached with this step. */
function renderUpdate(step: GatewayItem['step'] = null) {
  const view = renderHookWithProviders(() => ({
    actions: useFirmwareUpdate({ mac: MAC, name: 'Salon' }, 'g1'),
    failure: useUpdateFailure(MAC),
  }));
  view.queryClient.setQueryData(QUERY_KEYS.gateway('g1'), gatewayItem({ step }));
  const cachedStep = () =>
    view.queryClient.getQueryData<GatewayItem>(QUERY_KEYS.gateway('g1'))?.step;
  return { ...view, cachedStep };
}

/** Starts the main update and answers its prompt with this text. */
async function updateTyping(view: ReturnType<typeof renderUpdate>, text: string) {
  let done: Promise<unknown> = Promise.resolve();
  act(() => {
    done = view.result.current.actions.update();
  });
  const prompt = await screen.findByRole('dialog', { name: 'Mettre à jour' });
  expect(prompt.textContent).toContain(
    'Pour confirmer la mise à jour, saisissez le nom de la passerelle « Salon ».',
  );
  await fill(view.user, within(prompt).getByLabelText(/Nom de la passerelle/), text);
  await view.user.click(within(prompt).getByRole('button', { name: 'Confirmer' }));
  await act(() => done);
}

describe('useFirmwareUpdate (spec §5 update by typing the name, §8 update messages)', () => {
  it('a name that does not match shows invalidName on the field, keeps the text, sends nothing', async () => {
    const server = stubFetch({ [`GET ${MAIN}`]: { body: { message: 'ok' } } });
    const view = renderUpdate();
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = view.result.current.actions.update();
    });
    const prompt = await screen.findByRole('dialog', { name: 'Mettre à jour' });
    const field = within(prompt).getByLabelText(/Nom de la passerelle/);
    await fill(view.user, field, 'salon');
    await view.user.click(within(prompt).getByRole('button', { name: 'Confirmer' }));
    expect(await within(prompt).findByText('Le nom saisi ne correspond pas.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('salon');
    expect(server.requests).toEqual([]);
    expect(snackbarTexts()).toEqual([]);
    // Corrected in the same dialog, the update goes.
    await fill(view.user, field, 'Salon');
    await view.user.click(within(prompt).getByRole('button', { name: 'Confirmer' }));
    await act(() => done);
    await waitFor(() => expect(server.sent('GET', MAIN)).toHaveLength(1));
  });

  it('the exact name sends the MAIN update, says so and marks the gateway updating', async () => {
    const server = stubFetch({ [`GET ${MAIN}`]: { body: { message: 'ok' } } });
    const view = renderUpdate();
    await updateTyping(view, 'Salon');
    expect(server.sent('GET', MAIN)).toHaveLength(1);
    expect((await findSnackbar('Commande de mise à jour envoyée')).variant).toBe('success');
    expect(view.cachedStep()).toBe('updating');
  });

  it('progress already received from the gateway is not overwritten by "updating"', async () => {
    stubFetch({ [`GET ${MAIN}`]: { body: { message: 'ok' } } });
    const view = renderUpdate('2/4');
    await updateTyping(view, 'Salon');
    await findSnackbar('Commande de mise à jour envoyée');
    expect(view.cachedStep()).toBe('2/4');
  });

  it('an update queued for an offline gateway is announced as such, without a step', async () => {
    stubFetch({ [`GET ${MAIN}`]: { body: { message: 'updateQueued' } } });
    const view = renderUpdate();
    await updateTyping(view, 'Salon');
    const snackbar = await findSnackbar('Mise à jour programmée');
    expect(snackbar.variant).toBe('info');
    expect(view.cachedStep()).toBeNull();
  });

  it("a refusal shows the gateway's own reason once, and keeps it as the last failure", async () => {
    stubFetch({
      [`GET ${MAIN}`]: {
        status: 422,
        body: {
          statusCode: 422,
          code: 'gatewayRefused',
          message: 'x',
          reason: 'firmwareChecksumMismatch',
        },
      },
    });
    const view = renderUpdate();
    await updateTyping(view, 'Salon');
    const text = 'Le firmware est corrompu (somme de contrôle incorrecte).';
    expect((await findSnackbar(text)).variant).toBe('error');
    expect(view.result.current.failure).toBe('firmwareChecksumMismatch');
    expect(view.cachedStep()).toBeNull();

    // The gateway:update event of the same failure follows: no second snackbar.
    act(() => reportUpdateFailure(MAC, 'firmwareChecksumMismatch'));
    expect(snackbarTexts().filter((t) => t.includes(text))).toHaveLength(1);
  });

  it('other failures show the catalogue message of their code (gatewayOffline)', async () => {
    stubFetch({ [`GET ${MAIN}`]: errorReply(409, 'gatewayOffline') });
    const view = renderUpdate();
    await updateTyping(view, 'Salon');
    await findSnackbar('La passerelle est hors ligne.');
    expect(view.result.current.failure).toBe('gatewayOffline');
  });

  it('the beta update asks for a confirmation and sends the beta branch only on confirm', async () => {
    const server = stubFetch({ [`GET ${BETA}`]: { body: { message: 'ok' } } });
    const view = renderUpdate();
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = view.result.current.actions.betaUpdate();
    });
    const ask = await screen.findByRole('dialog', { name: 'Mise à jour bêta' });
    expect(ask.textContent).toContain('Installer la dernière version bêta sur « Salon » ?');
    await view.user.click(within(ask).getByRole('button', { name: 'Annuler' }));
    await act(() => done);
    expect(server.requests).toEqual([]);

    act(() => {
      done = view.result.current.actions.betaUpdate();
    });
    const again = await screen.findByRole('dialog', { name: 'Mise à jour bêta' });
    await view.user.click(within(again).getByRole('button', { name: 'Confirmer' }));
    await act(() => done);
    await waitFor(() => expect(server.sent('GET', BETA)).toHaveLength(1));
    expect(server.sent('GET', MAIN)).toEqual([]);
  });
});
