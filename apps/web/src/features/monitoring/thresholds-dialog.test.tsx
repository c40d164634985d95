// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Threshold } from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import { gatewaySummary } from '../../testing/factories';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { renderWithProviders } from '../../testing/render';
import { findSnackbar } from '../../testing/snackbars';
import { ThresholdsDialog } from './thresholds-dialog';

const PROJECT = { _id: 'p1', name: 'Maison' };
const OPTIONS = `/api/project/logs/options/${PROJECT._id}`;
const SAVE = `/api/project/logs/thresholds/${PROJECT._id}`;
const summary = (overrides: Partial<GatewaySummary>) =>
  gatewaySummary({ project: PROJECT._id, ...overrides });
const GATEWAYS = [
  summary({}),
  summary({ mac: 'aabbccddee02', name: 'Piscine', type: 'poolnx', version: '7.3.0' }),
];
const RULE: Threshold = {
  _id: 't1',
  name: 'Salon trop chaud',
  gateway: 'aabbccddee01',
  address: '1/2/3',
  dpt: '9.001',
  type: '>',
  value: 26.5,
  enabled: true,
};
const ETS = [
  { address: '1/2/3', name: 'Température salon', dpt: '9.001' },
  { address: '0/0/1', name: 'Plafonnier', dpt: '1.001' },
];

function renderDialog(maxThresholds: number, canEdit = true) {
  const server = stubFetch({
    [`GET ${OPTIONS}`]: { body: { logger: { thresholds: [RULE], maxThresholds } } },
    [`GET /api/project/ets/simplified/${PROJECT._id}`]: { body: { addresses: ETS } },
  });
  const view = renderWithProviders(
    <ThresholdsDialog
      project={PROJECT}
      gateways={GATEWAYS}
      canEdit={canEdit}
      onClose={() => undefined}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: /Seuils d'alerte/ }));
  return { ...view, server, dialog };
}

describe('ThresholdsDialog (spec document 2 §5 thresholds)', () => {
  it('lists each rule with its gateway, ETS name and condition in French', async () => {
    const { dialog, server } = renderDialog(10);
    const row = await dialog.findByTestId('threshold-row');
    await within(row).findByText(/Température salon/);
    expect(row.textContent).toContain('Salon trop chaud');
    expect(row.textContent).toContain('> 26,5 °C');
    expect(row.textContent).toContain('1/2/3 · Température salon · Salon');
    expect(server.sent('GET', OPTIONS)[0]?.query).toEqual({
      projections: 'thresholds,maxThresholds',
    });
  });

  it('disables the add button at the maximum, with the thresholdsLimit tooltip', async () => {
    const { dialog, user } = renderDialog(1);
    const add = await dialog.findByRole('button', { name: 'Ajouter un seuil' });
    expect(add).toHaveProperty('disabled', true);
    await user.hover(add.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      "Le nombre maximum de seuils de l'abonnement est atteint.",
    );
  });

  it('shows invalidForm on an invalid save, then sends the whole list', async () => {
    const { dialog, user, server } = renderDialog(10);
    server.on('POST', SAVE, { body: { thresholds: [RULE] } });
    await user.click(await dialog.findByRole('button', { name: 'Ajouter un seuil' }));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(dialog.getByText(/Le formulaire contient des erreurs/)).toBeTruthy();
    expect(server.sent('POST', SAVE)).toHaveLength(0);

    // The ETS address brings its DPT, its name and the boolean types: no value to type.
    await fill(user, dialog.getByRole('combobox', { name: 'Adresse de groupe' }), '0/0/1');
    expect(dialog.getByRole('textbox', { name: 'Type de donnée (DPT)' })).toHaveProperty(
      'value',
      '1.001',
    );
    expect(dialog.queryByRole('textbox', { name: 'Valeur' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    await findSnackbar('Modification enregistrée');
    expect(server.sent('POST', SAVE)[0]?.body).toEqual({
      thresholds: [
        RULE,
        {
          name: 'Plafonnier',
          gateway: 'aabbccddee01',
          address: '0/0/1',
          dpt: '1.001',
          type: 'isTrue',
          value: null,
          enabled: true,
        },
      ],
    });
  });

  it('switches a rule off by sending the list, and shows a refusal', async () => {
    const { dialog, user, server } = renderDialog(10);
    server.on('POST', SAVE, errorReply(409, 'thresholdsUnsupported'));
    await user.click(await dialog.findByRole('switch', { name: /Activer le seuil/ }));
    await findSnackbar(/ne peut pas évaluer de seuils/);
    expect(server.sent('POST', SAVE)[0]?.body).toEqual({
      thresholds: [{ ...RULE, enabled: false }],
    });
  });

  it('shows a gateway with too old a firmware as disabled, with its minimum', async () => {
    const { dialog, user } = renderDialog(10);
    await user.click(await dialog.findByRole('button', { name: /Modifier le seuil/ }));
    await user.click(dialog.getByRole('combobox', { name: 'Passerelle' }));
    const pool = await screen.findByRole('option', { name: /Piscine/ });
    expect(pool.getAttribute('aria-disabled')).toBe('true');
    expect(pool.textContent).toContain('Firmware 7.4 ou plus récent requis');
  });

  it('is read-only for viewers', async () => {
    const { dialog } = renderDialog(10, false);
    await dialog.findByTestId('threshold-row');
    expect(dialog.queryByRole('button', { name: /Ajouter|Modifier|Supprimer/ })).toBeNull();
    await waitFor(() =>
      expect(dialog.getByRole('switch', { name: /Activer le seuil/ })).toHaveProperty(
        'disabled',
        true,
      ),
    );
  });
});
