// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WaitingReply } from '@atrium/contracts/gateway';
import { gatewayItem, projectItem } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { AddGatewayDialog } from './add-gateway-dialog';

const MAC = 'aabbccddeeff';
const SN = 'ABCD1234';

const waiting = (reply: Partial<WaitingReply['gw']> = {}, isWaiting = true) => ({
  body: {
    waiting: isWaiting,
    gw: { name: 'kloudnx-ddeeff', initialized: false, project: null, projectName: null, ...reply },
  },
});

/** A server where the gateway waits to be added and every later call succeeds. */
function stubServer() {
  return stubFetch({
    'GET /api/gateway/waiting': waiting(),
    'POST /api/gateway/create': { body: { gateway: gatewayItem({ mac: MAC, sn: SN }) } },
    [`GET /api/gateway/init/${MAC}`]: { body: { gateway: gatewayItem({ mac: MAC }) } },
  });
}

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<AddGatewayDialog projectId="p1" onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Ajouter une passerelle' });
  return { ...view, onClose, dialog: within(dialog) };
}

/** Step 1, by hand: types the MAC and the serial number and goes on. */
async function typeIdentity(user: UserEvent, mac: string, sn: string) {
  if (mac) await fill(user, screen.getByLabelText(/Adresse MAC/), mac);
  if (sn) await fill(user, screen.getByLabelText(/Numéro de série/), sn);
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

/** Step 2 with the suggested name kept: waits for it (step 1 has a "Suivant" too), goes on. */
async function keepName(user: UserEvent) {
  await screen.findByLabelText(/Nom de la passerelle/);
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

const initQuestion = () =>
  screen.findByRole('radiogroup', { name: "Démarrer l'initialisation de la passerelle" });

describe('AddGatewayDialog (spec §2 and §4 add-gateway stepper, §8 messages)', () => {
  it('shows the three steps and the three methods, typing by hand being the default', async () => {
    stubServer();
    const { dialog, user } = renderDialog();
    const labels = ['Méthode', 'Nom', 'Confirmation'].map((l) => dialog.getByText(l));
    expect(labels).toHaveLength(3);
    const methods = within(dialog.getByRole('group', { name: 'Méthode' }));
    const pressed = () =>
      methods
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(methods.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'QR code',
      'Saisie manuelle',
      'Démo',
    ]);
    expect(pressed()).toEqual(['Saisie manuelle']);
    expect(dialog.getByLabelText(/Adresse MAC/)).toBeTruthy();

    await user.click(methods.getByRole('button', { name: 'Démo' }));
    expect(pressed()).toEqual(['Démo']);
    expect(dialog.queryByLabelText(/Adresse MAC/)).toBeNull();
    expect(
      dialog.getByRole('button', { name: 'Ajouter la passerelle de démonstration' }),
    ).toBeTruthy();
  });

  it('refuses a bad MAC or serial number with invalidMac / invalidSerial and asks nothing', async () => {
    const server = stubServer();
    const { dialog, user } = renderDialog();
    await typeIdentity(user, 'AA:BB:CC:DD:EE', 'ABC');
    expect(
      await dialog.findByText('Adresse MAC invalide (12 caractères hexadécimaux).'),
    ).toBeTruthy();
    expect(dialog.getByText('Numéro de série invalide (8 caractères).')).toBeTruthy();
    expect(dialog.getByLabelText(/Adresse MAC/).getAttribute('aria-invalid')).toBe('true');

    // A serial of 8 with a forbidden character is refused too (checked in the same pass
    // as the MAC, whose message goes once it is valid).
    await fill(user, dialog.getByLabelText(/Adresse MAC/), 'AA:BB:CC:DD:EE:FF');
    await fill(user, dialog.getByLabelText(/Numéro de série/), 'ABCD 123');
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    await waitFor(() =>
      expect(dialog.queryByText('Adresse MAC invalide (12 caractères hexadécimaux).')).toBeNull(),
    );
    expect(dialog.getByText('Numéro de série invalide (8 caractères).')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('claims a waiting gateway: lookup, name (invalidNameAddGW), summary, POST create, init', async () => {
    const server = stubServer();
    const { dialog, user, onClose } = renderDialog();
    // Separators and lowercase are accepted; the calls carry the stored forms.
    await typeIdentity(user, 'aa-bb-cc-dd-ee-ff', 'abcd1234');
    await waitFor(() => expect(server.sent('GET', '/api/gateway/waiting')).toHaveLength(1));
    expect(server.sent('GET', '/api/gateway/waiting')[0]?.query).toEqual({ mac: MAC, sn: SN });

    // Step 2: the suggested name, 1 to 30 characters.
    const name = await dialog.findByLabelText(/Nom de la passerelle/);
    expect((name as HTMLInputElement).value).toBe('kloudnx-ddeeff');
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    expect(await dialog.findByText('Le nom doit comporter de 1 à 30 caractères.')).toBeTruthy();
    // Validation runs on change (asynchronously): 30 characters pass, the 31st does not.
    await fill(user, name, 'x'.repeat(30));
    expect(await dialog.findByText('30/30 caractères')).toBeTruthy();
    await user.type(name, 'x');
    expect(await dialog.findByText('Le nom doit comporter de 1 à 30 caractères.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    expect(dialog.queryByRole('radiogroup')).toBeNull();
    await fill(user, name, 'Garage');
    expect(await dialog.findByText('6/30 caractères')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));

    // Step 3: the summary, start now by default.
    const question = await initQuestion();
    expect(dialog.getByText('Garage')).toBeTruthy();
    expect(dialog.getByText('AA:BB:CC:DD:EE:FF')).toBeTruthy();
    expect(dialog.getByText(SN)).toBeTruthy();
    expect(within(question).getByRole('radio', { name: 'Maintenant' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));

    await findSnackbar('Passerelle ajoutée à votre compte.');
    expect((await findSnackbar('Initialisation de la passerelle lancée.')).variant).toBe('success');
    expect(server.sent('POST', '/api/gateway/create').map((r) => r.body)).toEqual([
      { name: 'Garage', mac: MAC, sn: SN, id: 'p1' },
    ]);
    expect(server.sent('GET', `/api/gateway/init/${MAC}`)).toHaveLength(1);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.unhandled).toEqual([]);
  });

  it('"later" adds without initialising; back from the summary returns to the name', async () => {
    const server = stubServer();
    const { dialog, user, onClose } = renderDialog();
    await typeIdentity(user, 'AABBCCDDEEFF', SN);
    await keepName(user);
    await initQuestion();
    await user.click(dialog.getByRole('button', { name: 'Retour' }));
    expect(await dialog.findByLabelText(/Nom de la passerelle/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    await user.click(within(await initQuestion()).getByRole('radio', { name: 'Plus tard' }));
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/gateway/create')).toHaveLength(1);
    expect(server.sent('GET', `/api/gateway/init/${MAC}`)).toEqual([]);
  });

  it('a gateway that is not waiting gives the gwNotWaiting warning and stays on step 1', async () => {
    const server = stubServer();
    server.on('GET', '/api/gateway/waiting', errorReply(404, 'gwNotWaiting'));
    const { dialog, user, onClose } = renderDialog();
    await typeIdentity(user, 'AA:BB:CC:DD:EE:FF', SN);

    const snackbar = await findSnackbar("Cette passerelle n'est pas en attente d'ajout.");
    expect(snackbar.variant).toBe('warning');
    expect(dialog.getByLabelText(/Adresse MAC/)).toBeTruthy();
    expect(dialog.queryByLabelText(/Nom de la passerelle/)).toBeNull();
    expect(server.sent('POST', '/api/gateway/create')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a 409 gatewayAlreadyAdded on create shows its error and keeps the dialog open', async () => {
    const server = stubServer();
    server.on('POST', '/api/gateway/create', errorReply(409, 'gatewayAlreadyAdded'));
    const { dialog, user, onClose } = renderDialog();
    await typeIdentity(user, 'AA:BB:CC:DD:EE:FF', SN);
    await keepName(user);
    await initQuestion();
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));

    const snackbar = await findSnackbar('Cette passerelle est déjà ajoutée.');
    expect(snackbar.variant).toBe('error');
    expect(server.sent('GET', `/api/gateway/init/${MAC}`)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    // The user may try again once the refresh after the failure is done.
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Ajouter' })).toHaveProperty('disabled', false),
    );
  });

  it('a failed initialisation shows initError after the gateway was added', async () => {
    const server = stubServer();
    server.on('GET', `/api/gateway/init/${MAC}`, errorReply(409, 'gatewayOffline'));
    const { dialog, user, onClose } = renderDialog();
    await typeIdentity(user, 'AA:BB:CC:DD:EE:FF', SN);
    await keepName(user);
    await initQuestion();
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));

    await findSnackbar('Passerelle ajoutée à votre compte.');
    expect((await findSnackbar("Erreur lors de l'initialisation de la passerelle.")).variant).toBe(
      'error',
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a gateway of another project is moved only once the user accepts', async () => {
    const server = stubServer();
    server.on(
      'GET',
      '/api/gateway/waiting',
      waiting({ name: 'Cave', project: 'p2', projectName: 'Bureau' }, false),
    );
    server.on('GET', '/api/project/p2', { body: { project: projectItem({ _id: 'p2' }) } });
    server.on('POST', '/api/project/unlink/p2', { body: { project: projectItem({ _id: 'p2' }) } });
    server.on('POST', '/api/project/link/p1', { body: { project: projectItem() } });
    const { dialog, user, onClose } = renderDialog();

    await typeIdentity(user, 'AA:BB:CC:DD:EE:FF', SN);
    const ask = await screen.findByRole('dialog', { name: 'Déplacer la passerelle' });
    // The gateway and its project, in bold in the question.
    expect(within(ask).getByText('Cave').tagName).toBe('B');
    expect(within(ask).getByText('Bureau').tagName).toBe('B');
    await user.click(within(ask).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Déplacer la passerelle' })).toBeNull(),
    );
    expect(dialog.getByLabelText(/Adresse MAC/)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    const again = await screen.findByRole('dialog', { name: 'Déplacer la passerelle' });
    await user.click(within(again).getByRole('button', { name: 'Déplacer' }));
    // No name step: the gateway keeps its name.
    await initQuestion();
    expect(dialog.getByText('Cave')).toBeTruthy();
    await user.click(dialog.getByRole('radio', { name: 'Plus tard' }));
    await user.click(dialog.getByRole('button', { name: 'Ajouter' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The caller owns the old project: unlinked there first, then linked here.
    const moves = server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);
    expect(moves).toEqual([
      ['/api/project/unlink/p2', { macs: [MAC] }],
      ['/api/project/link/p1', { macs: [MAC] }],
    ]);
    expect(server.sent('POST', '/api/gateway/create')).toEqual([]);
  });

  it('a gateway already in this project skips to the summary and only initialises', async () => {
    const server = stubServer();
    server.on(
      'GET',
      '/api/gateway/waiting',
      waiting({ name: 'Salon', project: 'p1', projectName: 'Maison' }, false),
    );
    const { dialog, user, onClose } = renderDialog();
    await typeIdentity(user, 'AA:BB:CC:DD:EE:FF', SN);

    await initQuestion();
    expect(dialog.getByText('Cette passerelle est déjà dans ce projet.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/gateway/waiting',
      `GET /api/gateway/init/${MAC}`,
    ]);
  });

  it('the demo method creates a virtual DEMO gateway in the project and closes', async () => {
    const server = stubServer();
    server.on('POST', '/api/gateway/virtual', { body: { gateway: gatewayItem({ virtual: 1 }) } });
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Démo' }));
    await user.click(
      dialog.getByRole('button', { name: 'Ajouter la passerelle de démonstration' }),
    );

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/gateway/virtual').map((r) => r.body)).toEqual([
      { name: 'DEMO', project: 'p1' },
    ]);
    await findSnackbar('Passerelle ajoutée à votre compte.');
  });

  it('closes from its close button and with Escape, without calling the server', async () => {
    const server = stubServer();
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(server.requests).toEqual([]);
  });
});
