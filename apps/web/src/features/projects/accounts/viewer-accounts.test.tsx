// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '../../../testing/factories';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { ViewerAccounts } from './viewer-accounts';

afterEach(() => vi.unstubAllGlobals());

describe('ViewerAccounts', () => {
  it("lists the team's viewer accounts and deletes one after confirmation", async () => {
    let viewers = [account('lea@atrium.fr', 'viewer'), account('max@atrium.fr', 'viewer')];
    const server = stubFetch({
      'GET /api/user/viewers': () => ({ body: { accounts: viewers } }),
      'POST /api/user/viewers/delete': () => {
        viewers = viewers.slice(1);
        return { body: { message: 'success' } };
      },
    });
    const view = renderWithProviders(<ViewerAccounts />);
    const section = await screen.findByRole('region', { name: 'Comptes lecteurs' });
    await within(section).findByText('lea@atrium.fr');
    await view.user.click(
      within(section).getByRole('button', { name: 'Supprimer le compte lea@atrium.fr' }),
    );
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(within(section).queryByText('lea@atrium.fr')).toBeNull());
    expect(within(section).getByText('max@atrium.fr')).toBeTruthy();
    expect(server.sent('POST', '/api/user/viewers/delete').map((r) => r.body)).toEqual([
      { emails: ['lea@atrium.fr'] },
    ]);
    expect((await findSnackbar('Compte lecteur supprimé')).variant).toBe('success');
  });
});
