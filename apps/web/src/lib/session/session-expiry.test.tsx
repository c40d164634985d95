// @vitest-environment happy-dom
import i18next from 'i18next';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { findSnackbar, snackbarTexts } from '../../testing/snackbars';
import { notify } from '../../ui/snackbar';
import { api } from '../api/client';
import { getToken, onSignOut, setToken, signOut, type SignOutReason } from './session';

afterEach(() => i18next.changeLanguage('fr'));

/** Two calls of a signed-in page refused with 401, each failure shown as its screen would. */
async function twoRefusedCalls() {
  stubFetch({
    'GET /api/project': errorReply(401, 'unauthorized'),
    'GET /api/gateway': errorReply(401, 'unauthorized'),
  });
  renderWithProviders(<div />);
  setToken('a.b.c');
  const reasons: SignOutReason[] = [];
  const off = onSignOut((reason) => reasons.push(reason));
  await act(async () => {
    await Promise.all(
      ['/api/project', '/api/gateway'].map((path) =>
        api.get(path).catch((error: unknown) => notify.apiError(error)),
      ),
    );
  });
  off();
  return reasons;
}

describe('a session the server ends (401) says so (issue 16)', () => {
  it('signs out once, with one "session ended" warning and no generic error', async () => {
    const reasons = await twoRefusedCalls();
    expect(reasons).toEqual(['expired']);
    // The route guard then signs out again (no token): the refused calls stay quiet.
    act(() => signOut());
    act(() => notify.error());
    expect(getToken()).toBeNull();
    const snackbar = await findSnackbar('Votre session a pris fin : reconnectez-vous.');
    expect(snackbar.variant).toBe('warning');
    expect(snackbarTexts()).toEqual(['Votre session a pris fin : reconnectez-vous.']);
  });

  it('in English too', async () => {
    await i18next.changeLanguage('en');
    await twoRefusedCalls();
    await findSnackbar('Your session has ended: please sign in again.');
    expect(snackbarTexts().some((text) => /error/i.test(text))).toBe(false);
  });

  it('a sign-out from the menu says nothing, and later errors show again', async () => {
    renderWithProviders(<div />);
    setToken('a.b.c');
    act(() => signOut());
    act(() => notify.error());
    await waitFor(() => expect(snackbarTexts()).toEqual(['Une erreur est survenue.']));
  });
});
