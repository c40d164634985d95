// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModbusValue } from '@atrium/contracts/modbus';
import { setToken } from '../../../lib/session/session';
import { projectItem } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { findSnackbar } from '../../../testing/snackbars';
import { signInAs } from '../../../testing/session';
import { meter, PROJECT, renderAtRoute, value } from '../modbus-testing';
import { ModbusConfigurationsPage } from './configurations-page';

const SAVE = `/api/project/modbus/value/${PROJECT}`;
const METERS = [meter(), meter({ id: 'm2', name: 'PAC', gatewayMac: 'aabbccddee02' })];
const VALUES = [
  value({ id: 'v1', name: 'Tension L1', options: { registerAddress: 10, unitID: 2 } }),
  value({ id: 'v2', name: 'Courant L1', options: { registerAddress: 30, dataType: 'INT16' } }),
  value({ id: 'v3', meterId: 'm2', name: 'Débit', unit: 'm³/h' }),
  value({ id: 'v4', meterId: 'gone', name: 'Orphelin' }),
];

async function renderPage() {
  let values: ModbusValue[] = [...VALUES];
  const server = stubFetch({
    [`GET /api/project/${PROJECT}`]: { body: { project: projectItem() } },
    [`GET /api/project/monitored/modbus/meters/${PROJECT}`]: { body: { meters: METERS } },
    [`GET /api/project/monitored/modbus/values/${PROJECT}`]: () => ({ body: { values } }),
    [`POST ${SAVE}`]: (r) => {
      const saved = { ...(r.body as ModbusValue), id: 'v9' };
      values = [...values, saved];
      return { body: { value: saved, sent: true } };
    },
    [`PUT ${SAVE}`]: (r) => {
      const saved = r.body as ModbusValue;
      values = values.map((v) => (v.id === saved.id ? saved : v));
      return { body: { value: saved, sent: true } };
    },
  });
  const view = renderAtRoute(
    '/projects/:projectID/modbus-configuration-new/configurations',
    `/projects/${PROJECT}/modbus-configuration-new/configurations`,
    <ModbusConfigurationsPage />,
  );
  // The project's role decides what can be changed: wait for it (its name, the subtitle).
  await screen.findByText('Maison');
  return { ...view, server };
}

/** Group headers and value names, in the order shown. */
const listed = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      row.dataset.testid === 'meter-group'
        ? `# ${row.querySelector('span')?.textContent}`
        : (row.querySelector('td')?.firstChild?.textContent ?? ''),
    );
const panel = () => within(screen.getByRole('form'));

beforeEach(() => signInAs('manager'));
afterEach(() => setToken(''));

describe('Modbus configurations list (document 3 §2, §4, §8)', () => {
  it("groups values under their meter, unknown meters under 'No Meter'", async () => {
    await renderPage();
    await screen.findByText('Orphelin');
    expect(listed()).toEqual([
      '# Compteur général',
      'Courant L1',
      'Tension L1',
      '# PAC',
      'Débit',
      '# Sans compteur',
      'Orphelin',
    ]);
  });

  it('sorts by the clicked header, ascending then descending', async () => {
    const { user } = await renderPage();
    await screen.findByText('Orphelin');
    await user.click(screen.getByRole('button', { name: 'Registre' }));
    expect(listed().slice(0, 3)).toEqual(['# Compteur général', 'Tension L1', 'Courant L1']);
    await user.click(screen.getByRole('button', { name: 'Registre' }));
    expect(listed().slice(0, 3)).toEqual(['# Compteur général', 'Courant L1', 'Tension L1']);
    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(listed().slice(0, 3)).toEqual(['# Compteur général', 'Tension L1', 'Courant L1']);
  });

  it("filters by name and by meter, 'No Meter' included", async () => {
    const { user } = await renderPage();
    await screen.findByText('Orphelin');
    await user.click(screen.getByRole('combobox', { name: 'Compteurs' }));
    await user.click(screen.getByRole('option', { name: 'PAC' }));
    await user.click(screen.getByRole('option', { name: 'Sans compteur' }));
    await user.keyboard('{Escape}');
    expect(listed()).toEqual(['# PAC', 'Débit', '# Sans compteur', 'Orphelin']);
    await fill(user, screen.getByLabelText('Filtrer par nom'), 'orph');
    expect(listed()).toEqual(['# Sans compteur', 'Orphelin']);
    await fill(user, screen.getByLabelText('Filtrer par nom'), 'tension');
    expect(screen.getByText('Aucune configuration ne correspond aux filtres.')).toBeTruthy();
  });

  it("duplicates with ' -- COPY', no id, and the scale factor in French", async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Dupliquer Débit' }));
    expect(panel().getByLabelText(/^Nom\b/)).toHaveProperty('value', 'Débit -- COPY');
    await fill(user, panel().getByLabelText(/^Facteur d'échelle/), '0,01');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Configuration Débit -- COPY ajoutée');
    const body = server.sent('POST', SAVE)[0]?.body;
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ meterId: 'm2', options: { scaleFactor: 0.01 } });
  });

  it('saves the function code picked in the list', async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier Tension L1' }));
    await user.click(panel().getByRole('combobox', { name: /^Code fonction/ }));
    await user.click(screen.getByRole('option', { name: /^6 – / }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Configuration Tension L1 mise à jour');
    expect(server.sent('PUT', SAVE)[0]?.body).toMatchObject({ options: { functionCode: 6 } });
  });

  it('moves an edited value to the group of its new meter', async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier Tension L1' }));
    await user.click(panel().getByRole('combobox', { name: /^Compteur/ }));
    await user.click(screen.getByRole('option', { name: 'PAC' }));
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Configuration Tension L1 mise à jour');
    expect(server.sent('PUT', SAVE)[0]?.body).toMatchObject({ id: 'v1', meterId: 'm2' });
    await waitFor(() =>
      expect(listed()).toEqual([
        '# Compteur général',
        'Courant L1',
        '# PAC',
        'Débit',
        'Tension L1',
        '# Sans compteur',
        'Orphelin',
      ]),
    );
  });

  it('refuses a zero or over-precise scale factor and lists the wrong fields', async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle configuration' }));
    await fill(user, panel().getByLabelText(/^Facteur d'échelle/), '0');
    await fill(user, panel().getByLabelText(/^Adresse du registre/), '70000');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    expect(panel().getByText('Nombre non nul, 5 décimales au plus.')).toBeTruthy();
    expect(panel().getByText('Nombre entier entre 0 et 65535.')).toBeTruthy();
    expect(panel().getByRole('alert').textContent).toContain(
      "Nom, Adresse du registre, Facteur d'échelle",
    );
    await fill(user, panel().getByLabelText(/^Facteur d'échelle/), '0,000001');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    expect(panel().getByText('Nombre non nul, 5 décimales au plus.')).toBeTruthy();
    expect(server.sent('POST', SAVE)).toHaveLength(0);
  });

  it('offers function codes 1 to 6 by name and no STRING type', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle configuration' }));
    await user.click(panel().getByRole('combobox', { name: /^Code fonction/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1 – Lecture de bobines (Read Coils)',
      "2 – Lecture d'entrées discrètes (Read Discrete Inputs)",
      '3 – Lecture de registres de maintien (Read Multiple Holding Registers)',
      "4 – Lecture de registres d'entrée (Read Input Registers)",
      "5 – Écriture d'une bobine (Write Single Coil)",
      "6 – Écriture d'un registre de maintien (Write Single Holding Register)",
    ]);
    await user.keyboard('{Escape}');
    await user.click(panel().getByRole('combobox', { name: /^Type de données/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'INT16',
      'UINT16',
      'INT32',
      'UINT32',
      'FLOAT32',
    ]);
  });

  it('says errorDuringProcess for 3 s when the server refuses', async () => {
    const { user, server } = await renderPage();
    server.on('PUT', SAVE, errorReply(500, 'error'));
    await user.click(await screen.findByRole('button', { name: 'Modifier Débit' }));
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    const { variant } = await findSnackbar("Une erreur est survenue pendant l'opération.");
    expect(variant).toBe('error');
    expect(screen.getByRole('form')).toBeTruthy();
  });
});
