// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { ViewersDialog } from './viewers-dialog';

const PROJECT = { _id: 'p1', name: 'Siège social' };
const viewer = (email: string) => ({ email, name: email });

afterEach(() => vi.unstubAllGlobals());

async function open(viewers: string[]) {
  const server = stubFetch({
    'GET /api/project/viewers/p1': { body: { viewers: viewers.map(viewer) } },
  });
  renderWithProviders(<ViewersDialog project={PROJECT} onClose={vi.fn()} />);
  const dialog = within(screen.getByRole('dialog', { name: /Lecteurs du projet/ }));
  await waitFor(() => expect(server.sent('GET', '/api/project/viewers/p1')).toHaveLength(1));
  return { server, dialog };
}

const type = (
  dialog: { getByLabelText: (label: string | RegExp) => HTMLElement },
  label: string | RegExp,
  value: string,
) => fireEvent.change(dialog.getByLabelText(label), { target: { value } });

describe('ViewersDialog', () => {
  it('refuses an empty e-mail (emailEmpty) and adds a viewer by lowercased e-mail', async () => {
    const { server, dialog } = await open([]);
    expect(await dialog.findByText('Aucun lecteur pour ce projet.')).toBeTruthy();
    type(dialog, 'Adresse e-mail', '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(await dialog.findByText('Saisissez une adresse e-mail.')).toBeTruthy();
    expect(server.sent('POST', '/api/project/viewer/add/p1')).toEqual([]);

    server.on('POST', '/api/project/viewer/add/p1', {
      body: { viewers: [viewer('vera@atrium.fr')] },
    });
    type(dialog, 'Adresse e-mail', ' Vera@Atrium.FR ');
    fireEvent.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(await dialog.findByText('vera@atrium.fr')).toBeTruthy();
    expect(server.sent('POST', '/api/project/viewer/add/p1').map((r) => r.body)).toEqual([
      { email: 'vera@atrium.fr' },
    ]);
  });

  it('removes a viewer', async () => {
    const { server, dialog } = await open(['a@atrium.fr', 'b@atrium.fr']);
    await dialog.findByText('a@atrium.fr');
    server.on('POST', '/api/project/viewer/remove/p1', {
      body: { viewers: [viewer('b@atrium.fr')] },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Retirer a@atrium.fr' }));
    await waitFor(() => expect(dialog.queryByText('a@atrium.fr')).toBeNull());
    expect(server.sent('POST', '/api/project/viewer/remove/p1').map((r) => r.body)).toEqual([
      { emails: ['a@atrium.fr'] },
    ]);
  });

  it('offers to create a viewer account for an unknown e-mail, then adds it', async () => {
    const { server, dialog } = await open([]);
    let created = false;
    server.on('POST', '/api/project/viewer/add/p1', () =>
      created ? { body: { viewers: [viewer('new@atrium.fr')] } } : errorReply(404, 'userNotFound'),
    );
    server.on('POST', '/api/user/viewers/create', () => {
      created = true;
      return { status: 201, body: { account: {} } };
    });
    type(dialog, 'Adresse e-mail', 'new@atrium.fr');
    fireEvent.click(dialog.getByRole('button', { name: 'Ajouter' }));
    expect(await dialog.findByText(/Aucun compte n'utilise new@atrium.fr/)).toBeTruthy();
    type(dialog, /Mot de passe du compte lecteur/, 'Str0ng!pass');
    fireEvent.click(dialog.getByRole('button', { name: "Créer le compte et l'ajouter" }));
    expect(await dialog.findByText('new@atrium.fr')).toBeTruthy();
    expect(server.sent('POST', '/api/user/viewers/create').map((r) => r.body)).toEqual([
      { email: 'new@atrium.fr', password: 'Str0ng!pass' },
    ]);
    expect(server.unhandled).toEqual([]);
  });
});
