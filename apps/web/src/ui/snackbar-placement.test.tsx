// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { setToken, signOut } from '../lib/session/session';
import { initTestI18n } from '../testing/i18n';
import { findSnackbar, snackbarTexts } from '../testing/snackbars';
import { notify, SNACKBAR_CONTAINER_CLASS, SNACKBAR_TOP_PX } from './snackbar';

beforeAll(initTestI18n);
afterEach(() => signOut());

const CHECK_MAILS = 'Un code de vérification vous a été envoyé par e-mail.';
// The app's snackbars end with their "OK" action.
const shown = (text: string) => snackbarTexts().some((t) => t.startsWith(text));

describe('snackbars and the top bar (issue 16 point 10)', () => {
  it('stack below the top bar (64 px), not over its buttons', async () => {
    render(<Providers>{null}</Providers>);
    act(() => notify.warning('checkMails'));
    const { element } = await findSnackbar(CHECK_MAILS);
    const container = element.closest(`.${SNACKBAR_CONTAINER_CLASS}`);
    expect(container).not.toBeNull();
    expect(SNACKBAR_TOP_PX).toBeGreaterThanOrEqual(64);
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css.replace(/\s/g, '')).toContain(
      `.${SNACKBAR_CONTAINER_CLASS}{top:${SNACKBAR_TOP_PX}px!important;}`,
    );
  });

  it('the "code sent" warning of the sign-in page goes once signed in; later ones stay', async () => {
    render(<Providers>{null}</Providers>);
    act(() => notify.warning('checkMails'));
    await findSnackbar(CHECK_MAILS);
    act(() => setToken('a.b.c'));
    await waitFor(() => expect(shown(CHECK_MAILS)).toBe(false));
    act(() => notify.success('changeSuccess'));
    await findSnackbar('Modification enregistrée');
    act(() => setToken('d.e.f'));
    expect(shown('Modification enregistrée')).toBe(true);
  });
});
