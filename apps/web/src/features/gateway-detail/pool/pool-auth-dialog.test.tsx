// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { PoolAuthDialog } from './pool-auth-dialog';

const MAC = 'aabbccddeeff';

function renderAuth(type: 'klereo' | 'poolcop') {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <PoolAuthDialog mac={MAC} type={type} username="" onClose={onClose} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Modifier les identifiants' }));
  return { ...view, dialog, onClose };
}

describe('PoolAuthDialog (document 2 §2 modifyIds, §5)', () => {
  it('Klereo: refuses a username with symbols and a weak password; sends the SHA-1', async () => {
    const server = stubFetch({
      'POST /api/poolnx/auth': { body: { message: 'changeSuccess', synced: true } },
    });
    const { dialog, user, onClose } = renderAuth('klereo');
    await user.type(dialog.getByRole('textbox', { name: 'Identifiant' }), 'villa.rose');
    await user.type(dialog.getByLabelText(/Mot de passe/), 'secret');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    const username = dialog.getByRole('textbox', { name: 'Identifiant' });
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText(/Mot de passe/).getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);
    await user.clear(dialog.getByRole('textbox', { name: 'Identifiant' }));
    await user.type(dialog.getByRole('textbox', { name: 'Identifiant' }), 'villarose');
    await user.clear(dialog.getByLabelText(/Mot de passe/));
    await user.type(dialog.getByLabelText(/Mot de passe/), 'Pool2026');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requests[0]?.body).toEqual({
      type: 'klereo',
      auth: { username: 'villarose', password: '999e1cbfa91c3554bdd45d0844428ae1a286bd06' },
    });
  });

  it('refused credentials: the vendor says no, the dialog stays open and says so', async () => {
    stubFetch({
      'POST /api/poolnx/auth': {
        status: 422,
        body: { statusCode: 422, code: 'poolInvalidIds', message: 'refused' },
      },
    });
    const { dialog, user, onClose } = renderAuth('poolcop');
    await user.type(dialog.getByLabelText(/Clé d'API/), 'wrong-key-1234');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await dialog.findByText('Identifiants refusés par le fabricant de la piscine.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
