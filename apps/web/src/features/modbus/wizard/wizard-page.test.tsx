// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModbusConfiguration } from '@atrium/contracts/modbus';
import { setToken } from '../../../lib/session/session';
import { projectItem } from '../../../testing/factories';
import { errorReply, stubFetch, type StubAnswer } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { findSnackbar } from '../../../testing/snackbars';
import { signInAs } from '../../../testing/session';
import { GATEWAYS, PROJECT, renderAtRoute } from '../modbus-testing';
import { ModbusConfigurationPage } from './wizard-page';

const LIST = '/api/gateway/monitored/modbus/aabbccddee01';
const CONFIGURATION: ModbusConfiguration = {
  id: 'm1',
  name: 'Compteur général',
  network: { ip: '192.168.1.20', port: 502 },
  enabled: true,
  interval: 10,
  values: [
    {
      id: 'v1',
      name: 'Tension L1',
      unit: 'V',
      registerAddress: 0,
      wordLength: 2,
      functionCode: 4,
      unitID: 1,
      scaleFactor: 0.1,
      dataType: 'FLOAT32',
      swapBytes: false,
      swapWords: false,
    },
  ],
};

async function renderWizard(
  path = `/projects/modbus-configuration/${PROJECT}`,
  names: StubAnswer = { body: { gateways: GATEWAYS } },
  role: 'owner' | 'viewer' = 'owner',
) {
  const server = stubFetch({
    [`GET /api/project/${PROJECT}`]: { body: { project: projectItem({ role }) } },
    [`GET /api/project/gateways/name/${PROJECT}`]: names,
    [`GET ${LIST}`]: { body: { list: [CONFIGURATION] } },
    'GET /api/gateway/monitored/modbus/aabbccddee02': { body: { list: [] } },
    [`POST ${LIST}`]: (r) => ({
      body: {
        // The server gives ids to the new meter and its values.
        list: (r.body as ModbusConfiguration[]).map((c, i) => ({
          ...c,
          id: c.id ?? `m${i + 9}`,
          values: c.values.map((v, j) => ({ ...v, id: v.id ?? `v${i}${j}` })),
        })),
        sent: true,
      },
    }),
  });
  const pattern = path.endsWith(PROJECT)
    ? '/projects/modbus-configuration/:id'
    : '/projects/modbus-configuration';
  const view = renderAtRoute(pattern, path, <ModbusConfigurationPage />);
  // The project's role decides what can be changed: wait for it (its name, the subtitle).
  if (path.endsWith(PROJECT)) await screen.findByText('Maison');
  return { ...view, server };
}

async function toGateway(user: Awaited<ReturnType<typeof renderWizard>>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Passerelle' }));
  await user.click(screen.getByRole('option', { name }));
}

beforeEach(() => signInAs('manager'));
afterEach(() => setToken(''));

describe('Modbus wizard (document 3 §2, §4, §8)', () => {
  it("says 'ID not found' without a project id", async () => {
    await renderWizard('/projects/modbus-configuration');
    expect((await findSnackbar('ID introuvable')).variant).toBe('error');
  });

  it("shows the server's error code when the gateways cannot be read", async () => {
    await renderWizard(undefined, errorReply(404, 'notFound'));
    expect((await findSnackbar('Élément introuvable.')).variant).toBe('error');
  });

  it('prompts for a kloudnx gateway, then shows its configurations as cards', async () => {
    const { user } = await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(/Choisissez une passerelle kloudnx/)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Passerelle' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Chaufferie',
      'Garage',
    ]);
    await user.click(screen.getByRole('option', { name: 'Chaufferie' }));
    const card = within(await screen.findByRole('region', { name: 'Compteur général' }));
    expect(card.getByLabelText(/^Adresse IP/)).toHaveProperty('value', '192.168.1.20');
    expect(card.getByLabelText(/^Facteur d'échelle/)).toHaveProperty('value', '0,1');
    await toGateway(user, 'Garage');
    expect(
      await screen.findByText('Aucune configuration Modbus sur cette passerelle.'),
    ).toBeTruthy();
  });

  it('shows a viewer the cards without Save', async () => {
    const { user } = await renderWizard(undefined, undefined, 'viewer');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await toGateway(user, 'Chaufferie');
    const card = within(await screen.findByRole('region', { name: 'Compteur général' }));
    expect(card.getByLabelText(/^Adresse IP/)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(card.queryByRole('button', { name: /^Supprimer la configuration/ })).toBeNull();
  });

  it('asks before dropping unsaved changes when the gateway changes', async () => {
    const { user } = await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await toGateway(user, 'Chaufferie');
    const card = within(await screen.findByRole('region', { name: 'Compteur général' }));
    await fill(user, card.getByLabelText(/^Port/), '1502');
    await toGateway(user, 'Garage');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Abandonner les modifications non enregistrées ?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/^Port/)).toHaveProperty('value', '1502');
    await toGateway(user, 'Garage');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }),
    );
    expect(
      await screen.findByText('Aucune configuration Modbus sur cette passerelle.'),
    ).toBeTruthy();
  });

  it('marks every field touched on an invalid save and sends nothing', async () => {
    const { user, server } = await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Nouveau réseau' }));
    await toGateway(user, 'Chaufferie');
    const card = within(await screen.findByRole('region', { name: 'Nouvelle configuration' }));
    expect(card.getByLabelText(/^Adresse IP/).getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(card.getByLabelText(/^Adresse IP/).getAttribute('aria-invalid')).toBe('true');
    expect(card.getAllByLabelText(/^Nom/)[0]?.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('POST', LIST)).toHaveLength(0);
  });

  it("saves the cards, a duplicate with ' -- COPY' and without ids", async () => {
    const { user, server } = await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await toGateway(user, 'Chaufferie');
    await user.click(
      await screen.findByRole('button', { name: 'Dupliquer la configuration Compteur général' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Configuration Modbus enregistrée');
    const [original, copy] = server.sent('POST', LIST)[0]?.body as ModbusConfiguration[];
    expect(original).toMatchObject({ id: 'm1', values: [{ id: 'v1', scaleFactor: 0.1 }] });
    expect(copy).not.toHaveProperty('id');
    expect(copy?.name).toBe('Compteur général -- COPY');
    expect(copy?.values[0]).not.toHaveProperty('id');
  });
});
