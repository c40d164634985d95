// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { account } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { AccountsDialog } from './accounts-dialog';

const ME = 'me@atrium.fr';
const TEAM = [
  account('zoe@atrium.fr', 'user'),
  account(ME, 'manager'),
  account('bob@atrium.fr', 'manager'),
  account('al@atrium.fr', 'user'),
  account('sup@atrium.fr', 'supervisor'),
];

function stubServer() {
  return stubFetch({
    'GET /api/user/accounts': { body: { accounts: TEAM } },
    'POST /api/user/accounts/update': { body: { accounts: TEAM } },
    'POST /api/user/accounts/create': { body: { account: account('new@atrium.fr', 'user') } },
  });
}

async function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<AccountsDialog ownEmail={ME} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Gérer les comptes' }));
  await dialog.findByText(ME);
  return { ...view, onClose, dialog };
}

const listedEmails = () =>
  screen.getAllByRole('listitem').map((item) => within(item).getAllByText(/@/)[0]?.textContent);

async function pick(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('AccountsDialog (document 2 §4 list/add, §5 validation, §8 messages)', () => {
  it('lists managers first, then by e-mail, without supervisors; own row marked', async () => {
    stubServer();
    const { dialog } = await renderDialog();
    expect(listedEmails()).toEqual(['bob@atrium.fr', ME, 'al@atrium.fr', 'zoe@atrium.fr']);
    expect(dialog.queryByText('sup@atrium.fr')).toBeNull();
    const mine = screen.getAllByRole('listitem')[1]!;
    expect(within(mine).getByText('Vous')).toBeTruthy();
  });

  it('the user cannot remove or demote themself; others can be', async () => {
    stubServer();
    const { dialog } = await renderDialog();
    expect(dialog.getByRole('button', { name: `Supprimer ${ME}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      dialog.getByRole('combobox', { name: `Rang de ${ME}` }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(dialog.getByRole('button', { name: 'Supprimer bob@atrium.fr' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(
      dialog.getByRole('combobox', { name: 'Rang de bob@atrium.fr' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('removals and rank changes stay local until Save, which sends the whole list', async () => {
    const server = stubServer();
    const { dialog, user } = await renderDialog();
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveProperty('disabled', true);

    await user.click(dialog.getByRole('button', { name: 'Supprimer zoe@atrium.fr' }));
    expect(dialog.queryByText('zoe@atrium.fr')).toBeNull();
    // Only the two ranks an account may get are offered.
    await user.click(dialog.getByRole('combobox', { name: 'Rang de al@atrium.fr' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Gestionnaire', 'Utilisateur']);
    await user.click(screen.getByRole('option', { name: 'Gestionnaire' }));
    expect(server.sent('POST', '/api/user/accounts/update')).toEqual([]);

    await user.click(save);
    await findSnackbar('Modification enregistrée');
    expect(server.sent('POST', '/api/user/accounts/update').map((r) => r.body)).toEqual([
      {
        accounts: [
          { email: 'bob@atrium.fr', rank: 'manager' },
          { email: ME, rank: 'manager' },
          { email: 'al@atrium.fr', rank: 'manager' },
        ],
      },
    ]);
    // The list is read again after saving.
    await waitFor(() => expect(server.sent('GET', '/api/user/accounts')).toHaveLength(2));
  });

  it('Add is disabled until both an e-mail and a rank are given', async () => {
    stubServer();
    const { dialog, user } = await renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Ajouter un compte' }));
    const add = within(screen.getByRole('dialog', { name: 'Nouveau compte' }));
    const submit = add.getByRole('button', { name: 'Ajouter un compte' });
    expect(submit).toHaveProperty('disabled', true);
    await fill(user, add.getByLabelText('Adresse e-mail'), 'new@atrium.fr');
    expect(submit).toHaveProperty('disabled', true);
    await pick(user, add.getByRole('combobox', { name: 'Rang' }), 'Utilisateur');
    expect(submit).toHaveProperty('disabled', false);
    await user.clear(add.getByLabelText('Adresse e-mail'));
    expect(submit).toHaveProperty('disabled', true);
  });

  it('refuses an invalid e-mail and one already listed (any case), without calling the server', async () => {
    const server = stubServer();
    const { dialog, user } = await renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Ajouter un compte' }));
    const add = within(screen.getByRole('dialog', { name: 'Nouveau compte' }));
    const email = add.getByLabelText('Adresse e-mail');
    await pick(user, add.getByRole('combobox', { name: 'Rang' }), 'Utilisateur');

    await fill(user, email, 'not-an-email');
    await user.click(add.getByRole('button', { name: 'Ajouter un compte' }));
    expect((await findSnackbar('Adresse e-mail invalide.')).variant).toBe('error');

    await fill(user, email, '  BOB@Atrium.fr ');
    await user.click(add.getByRole('button', { name: 'Ajouter un compte' }));
    expect((await findSnackbar('Cette adresse e-mail est déjà utilisée.')).variant).toBe('error');
    expect(server.sent('POST', '/api/user/accounts/create')).toEqual([]);
  });

  it('creates the account with a trimmed, lowercase e-mail, then reloads the list', async () => {
    const server = stubServer();
    const { dialog, user } = await renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Ajouter un compte' }));
    const add = within(screen.getByRole('dialog', { name: 'Nouveau compte' }));
    await fill(user, add.getByLabelText('Adresse e-mail'), ' New@Atrium.fr ');
    await pick(user, add.getByRole('combobox', { name: 'Rang' }), 'Gestionnaire');
    await user.click(add.getByRole('button', { name: 'Ajouter un compte' }));

    await findSnackbar('Compte créé : un e-mail a été envoyé à New@Atrium.fr.');
    expect(server.sent('POST', '/api/user/accounts/create').map((r) => r.body)).toEqual([
      { email: 'new@atrium.fr', rank: 'manager' },
    ]);
    expect(await screen.findByRole('dialog', { name: 'Gérer les comptes' })).toBeTruthy();
    expect(server.sent('GET', '/api/user/accounts')).toHaveLength(2);
  });

  it('a server noRank answer shows missingRank; other failures the generic error', async () => {
    const server = stubServer();
    server.on('POST', '/api/user/accounts/create', errorReply(400, 'noRank'));
    const { dialog, user } = await renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Ajouter un compte' }));
    const add = within(screen.getByRole('dialog', { name: 'Nouveau compte' }));
    await fill(user, add.getByLabelText('Adresse e-mail'), 'new@atrium.fr');
    await pick(user, add.getByRole('combobox', { name: 'Rang' }), 'Utilisateur');
    await user.click(add.getByRole('button', { name: 'Ajouter un compte' }));
    expect((await findSnackbar('Veuillez choisir un rang.')).variant).toBe('error');

    server.on('POST', '/api/user/accounts/create', errorReply(500, 'error'));
    await user.click(add.getByRole('button', { name: 'Ajouter un compte' }));
    await findSnackbar('Une erreur est survenue.');
    // Still on the add view.
    expect(screen.getByRole('dialog', { name: 'Nouveau compte' })).toBeTruthy();
  });

  it('a failed load shows userNotFound in the dialog; Cancel closes it', async () => {
    stubFetch({ 'GET /api/user/accounts': errorReply(404, 'userNotFound') });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<AccountsDialog ownEmail={ME} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Gérer les comptes' }));
    expect(await dialog.findByText('Utilisateur introuvable.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
