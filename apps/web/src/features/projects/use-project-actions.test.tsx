// @vitest-environment happy-dom
import i18next from 'i18next';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectItem } from '../../testing/factories';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { renderHookWithProviders } from '../../testing/render';
import { findSnackbar, snackbarTexts } from '../../testing/snackbars';
import { useProjectActions } from './use-project-actions';

const PROJECT = { _id: 'p1', name: 'Villa Rose' };

/** Starts an action of the hook; its promise settles once the dialog is done. */
function start<T>(run: () => Promise<T>) {
  let done: Promise<T> | undefined;
  act(() => {
    done = run();
  });
  return () => act(() => done as Promise<T>);
}

const field = (dialog: HTMLElement) => within(dialog).getByLabelText(/Nom du projet/);
const valueOf = (dialog: HTMLElement) => (field(dialog) as HTMLInputElement).value;

describe('project prompts keep their input on a refusal (issue 16)', () => {
  it('create with a used name: stays open, projectNameAlreadyUsed on the field, then creates', async () => {
    const server = stubFetch({
      'POST /api/project/create': errorReply(409, 'projectNameAlreadyInUse'),
    });
    const view = renderHookWithProviders(() => useProjectActions());
    const settled = start(() => view.result.current.create());
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un projet' });
    await fill(view.user, field(dialog), 'Villa Rose');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer' }));

    expect(await within(dialog).findByText('Ce nom de projet est déjà utilisé.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ajouter un projet' })).toBe(dialog);
    expect(valueOf(dialog)).toBe('Villa Rose');
    expect(field(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('POST', '/api/project/create')).toHaveLength(1);

    // Typing clears the message; a free name creates and closes.
    server.on('POST', '/api/project/create', {
      body: { project: projectItem({ _id: 'p2', name: 'Villa Rose 2' }) },
    });
    await view.user.type(field(dialog), ' 2');
    expect(within(dialog).queryByText('Ce nom de projet est déjà utilisé.')).toBeNull();
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await settled()).toMatchObject({ _id: 'p2', name: 'Villa Rose 2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/api/project/create').map((r) => r.body)).toEqual([
      { name: 'Villa Rose' },
      { name: 'Villa Rose 2' },
    ]);
  });

  it('rename is prefilled with the name; a used name stays on the field', async () => {
    const server = stubFetch({
      'POST /api/project/rename/p1': errorReply(409, 'projectNameAlreadyInUse'),
    });
    const view = renderHookWithProviders(() => useProjectActions());
    const settled = start(() => view.result.current.rename(PROJECT));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer le projet' });
    expect(valueOf(dialog)).toBe('Villa Rose');
    await fill(view.user, field(dialog), 'Mas Bleu');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByText('Ce nom de projet est déjà utilisé.')).toBeTruthy();
    expect(valueOf(dialog)).toBe('Mas Bleu');

    server.on('POST', '/api/project/rename/p1', {
      body: { project: projectItem({ _id: 'p1', name: 'Mas Vert' }) },
    });
    await fill(view.user, field(dialog), 'Mas Vert');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await settled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/api/project/rename/p1').map((r) => r.body)).toEqual([
      { name: 'Mas Bleu' },
      { name: 'Mas Vert' },
    ]);
  });

  it('delete with a wrong name: invalidName on the field, nothing sent; the exact name deletes', async () => {
    const server = stubFetch({ 'DELETE /api/project/delete/p1': { body: {} } });
    const view = renderHookWithProviders(() => useProjectActions());
    const settled = start(() => view.result.current.remove(PROJECT));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le projet' });
    await fill(view.user, field(dialog), 'villa rose');
    await view.user.click(within(dialog).getByRole('button', { name: 'Supprimer le projet' }));
    expect(await within(dialog).findByText('Le nom saisi ne correspond pas.')).toBeTruthy();
    expect(valueOf(dialog)).toBe('villa rose');
    expect(server.requests).toEqual([]);
    expect(snackbarTexts()).toEqual([]);

    await fill(view.user, field(dialog), 'Villa Rose');
    await view.user.click(within(dialog).getByRole('button', { name: 'Supprimer le projet' }));
    expect(await settled()).toBe(true);
    expect(server.sent('DELETE', '/api/project/delete/p1')).toHaveLength(1);
    expect((await findSnackbar('Projet supprimé')).variant).toBe('success');
  });

  it('a refused deletion shows notDeletedProject on the field; cancel then answers false', async () => {
    stubFetch({ 'DELETE /api/project/delete/p1': errorReply(404, 'notFound') });
    const view = renderHookWithProviders(() => useProjectActions());
    const settled = start(() => view.result.current.remove(PROJECT));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le projet' });
    await fill(view.user, field(dialog), 'Villa Rose');
    await view.user.click(within(dialog).getByRole('button', { name: 'Supprimer le projet' }));
    expect(await within(dialog).findByText("Le projet n'a pas été supprimé.")).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(await settled()).toBe(false);
  });

  it('copying the id says the project id was copied, in French and English', async () => {
    stubFetch();
    const view = renderHookWithProviders(() => useProjectActions());
    await act(() => view.result.current.copyId(PROJECT));
    expect(await navigator.clipboard.readText()).toBe('p1');
    expect((await findSnackbar('Identifiant du projet copié')).variant).toBe('success');
    expect(snackbarTexts()).not.toContain('Adresse copiée');
    await act(() => i18next.changeLanguage('en'));
    await act(() => view.result.current.copyId(PROJECT));
    await findSnackbar('Project id copied');
    await act(() => i18next.changeLanguage('fr'));
  });
});
