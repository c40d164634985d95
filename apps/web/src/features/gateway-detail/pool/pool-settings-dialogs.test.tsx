// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POOL_OPTIONS, DEFAULT_TEMP_CONTROL } from '@atrium/contracts/pool';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { PoolOptionsDialog } from './pool-options-dialog';
import { PoolTempDialog } from './pool-temp-dialog';

const MAC = 'aabbccddeeff';
const SAVED = { body: { message: 'changeSuccess', synced: true } };

describe('PoolTempDialog (document 2 §3, §5 hysteresis)', () => {
  it('enabled, needs control and setpoint; the hysteresis is a number in (0, 10]', async () => {
    const server = stubFetch({ 'POST /api/poolnx/update': SAVED });
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <PoolTempDialog
        mac={MAC}
        tempControl={DEFAULT_TEMP_CONTROL}
        readOnly={false}
        onClose={onClose}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Régulation de température' }));
    const save = dialog.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' });
    await user.click(dialog.getByRole('switch', { name: 'Régulation active' }));
    expect(save.disabled).toBe(true);
    await user.type(
      dialog.getByRole('textbox', { name: 'Marche/arrêt de la régulation (1.001)' }),
      '2/6/0',
    );
    await user.type(dialog.getByRole('textbox', { name: 'Consigne (9.001)' }), '2/6/1');
    expect(save.disabled).toBe(false);
    const hysteresis = dialog.getByRole('textbox', { name: /Hystérésis/ });
    for (const bad of ['', 'abc', '0', '12']) {
      await user.clear(hysteresis);
      if (bad) await user.type(hysteresis, bad);
      expect(save.disabled, bad).toBe(true);
    }
    await user.clear(hysteresis);
    await user.type(hysteresis, '0,5');
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requests[0]?.body).toEqual({
      tempControl: {
        control: { address: '2/6/0' },
        currentTemp: { address: '' },
        setpoint: { address: '2/6/1' },
        setpointFeedback: { address: '' },
        controlFeedback: { address: '' },
        hysteresis: 0.5,
        enabled: true,
      },
    });
  });
});

describe('PoolOptionsDialog (document 2 §3, §9 refresh choices)', () => {
  it('refresh choices 10 min to 1 day; bad addresses and TCP hosts block saving', async () => {
    const server = stubFetch({ 'POST /api/poolnx/update': SAVED });
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <PoolOptionsDialog
        mac={MAC}
        options={DEFAULT_POOL_OPTIONS}
        readOnly={false}
        onClose={onClose}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Options' }));
    const save = dialog.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' });
    await user.click(dialog.getByRole('combobox', { name: 'Toutes les' }));
    const choices = screen.getAllByRole('option').map((o) => o.textContent);
    expect(choices).toEqual(['10 min', '30 min', '1 h', '1 jour']);
    await user.click(screen.getByRole('option', { name: '1 h' }));
    await user.click(dialog.getByRole('checkbox', { name: /Chien de garde KNX/ }));
    expect(save.disabled).toBe(true);
    const addresses = dialog.getAllByRole('textbox', { name: 'Adresse' });
    await user.type(addresses[2]!, '2/5/2');
    expect(save.disabled).toBe(false);
    const tcp = dialog.getByRole('textbox', { name: /Adresses TCP/ });
    await user.type(tcp, 'bad host!');
    expect(save.disabled).toBe(true);
    await user.clear(tcp);
    await user.type(tcp, '192.168.1.20:5000, nas.local');
    await user.click(dialog.getByRole('checkbox', { name: 'Envoi TCP' }));
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requests[0]?.body).toEqual({
      options: {
        refresh_knx: { address: '', enabled: false },
        refresh_auto: { time: 60, enabled: true },
        error: { address: '', enabled: false },
        watchdog_knx: { address: '2/5/2', enabled: true },
        tcp: { addresses: ['192.168.1.20:5000', 'nas.local'], enabled: true },
      },
    });
  });
});
