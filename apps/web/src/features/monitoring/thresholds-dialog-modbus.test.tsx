// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Threshold } from '@atrium/contracts/alerts';
import type { ModbusMeter, ModbusValue } from '@atrium/contracts/modbus';
import type { GatewaySummary } from '@atrium/contracts/project';
import { gatewaySummary } from '../../testing/factories';
import { stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { modbusReadOptions } from '../../testing/modbus';
import { renderWithProviders } from '../../testing/render';
import { findSnackbar } from '../../testing/snackbars';
import { ThresholdsDialog } from './thresholds-dialog';

const PROJECT = { _id: 'p1', name: 'Maison' };
const SAVE = `/api/project/logs/thresholds/${PROJECT._id}`;
const summary = (overrides: Partial<GatewaySummary>) =>
  gatewaySummary({ project: PROJECT._id, ...overrides });
const GATEWAYS = [summary({}), summary({ mac: 'aabbccddee03', name: 'Garage' })];
const meter = (id: string, gatewayMac: string, name: string): ModbusMeter => ({
  id,
  gatewayMac,
  name,
  network: { ip: '192.168.1.20', port: 502 },
  enabled: true,
  interval: 10,
});
const value = (id: string, meterId: string, name: string, unit: string): ModbusValue => ({
  id,
  meterId,
  name,
  unit,
  options: modbusReadOptions(),
});
/** A rule on the Salon's power. */
const RULE: Threshold = {
  _id: 't1',
  name: 'Puissance haute',
  gateway: 'aabbccddee01',
  address: 'modbus:v1',
  dpt: '',
  type: '>',
  value: 500,
  enabled: true,
};

function renderDialog() {
  const server = stubFetch({
    [`GET /api/project/logs/options/${PROJECT._id}`]: {
      body: { logger: { thresholds: [RULE], maxThresholds: 10 } },
    },
    [`GET /api/project/ets/simplified/${PROJECT._id}`]: {
      body: { addresses: [{ address: '1/2/3', name: 'Température salon', dpt: '9.001' }] },
    },
    [`GET /api/project/monitored/modbus/meters/${PROJECT._id}`]: {
      body: {
        meters: [
          meter('m1', 'aabbccddee01', 'Compteur général'),
          meter('m2', 'aabbccddee03', 'Compteur garage'),
        ],
      },
    },
    [`GET /api/project/monitored/modbus/values/${PROJECT._id}`]: {
      body: {
        values: [value('v1', 'm1', 'Puissance', 'W'), value('v2', 'm2', 'Débit', 'm³/h')],
      },
    },
  });
  const view = renderWithProviders(
    <ThresholdsDialog project={PROJECT} gateways={GATEWAYS} canEdit onClose={() => undefined} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: /Seuils d'alerte/ }));
  return { ...view, server, dialog };
}

describe('ThresholdsDialog on Modbus values (issue 14)', () => {
  it("lists a rule on a Modbus value by the value's name and unit", async () => {
    const { dialog } = renderDialog();
    const row = await dialog.findByTestId('threshold-row');
    await within(row).findByText(/Compteur général – Puissance/);
    expect(row.textContent).toContain('Compteur général – Puissance · Salon');
    expect(row.textContent).toContain('> 500 W');
    expect(row.textContent).not.toContain('modbus:v1');
  });

  it("offers the gateway's values: a pick hides the DPT, offers >, <, = and saves modbus:{id}", async () => {
    const { dialog, user, server } = renderDialog();
    server.on('POST', SAVE, { body: { thresholds: [RULE] } });
    await dialog.findByText(/Compteur général – Puissance/);
    await user.click(dialog.getByRole('button', { name: 'Ajouter un seuil' }));
    const address = await dialog.findByRole('combobox', {
      name: 'Adresse de groupe ou valeur Modbus',
    });
    await fill(user, address, 'Compteur');
    // The Garage's meter is not the Salon's: its value is not offered.
    expect(screen.queryByRole('option', { name: /Débit/ })).toBeNull();
    const option = await screen.findByRole('option', { name: /Compteur général – Puissance/ });
    expect(option.textContent).toContain('Valeur Modbus · W');
    await user.click(option);

    expect(address).toHaveProperty('value', 'Compteur général – Puissance');
    expect(dialog.queryByRole('textbox', { name: 'Type de donnée (DPT)' })).toBeNull();
    await user.click(dialog.getByRole('combobox', { name: 'Condition' }));
    const types = await screen.findAllByRole('option');
    expect(types.map((o) => o.textContent)).toEqual(['> supérieur à', '< inférieur à', '= égal à']);
    await user.click(types[1]!);
    const limit = dialog.getByRole('textbox', { name: 'Valeur' });
    expect(limit.parentElement?.textContent).toContain('W');
    await fill(user, limit, '120,5');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    await findSnackbar('Modification enregistrée');
    expect(server.sent('POST', SAVE)[0]?.body).toEqual({
      thresholds: [
        RULE,
        {
          name: 'Compteur général – Puissance',
          gateway: 'aabbccddee01',
          address: 'modbus:v1',
          dpt: '',
          type: '<',
          value: 120.5,
          enabled: true,
        },
      ],
    });
  });
});
