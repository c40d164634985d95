// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { LiveTestButton } from './live-test-button';

// A socket.io stand-in: connects at once and answers `join` and `modbus:live`.
const socket = vi.hoisted(() => {
  const state = {
    answer: undefined as unknown,
    emitted: [] as [string, unknown][],
    connected: false,
  };
  const listeners = new Map<string, () => void>();
  const fake = {
    once: (event: string, fn: () => void) => listeners.set(event, fn),
    connect: () => {
      state.connected = true;
      listeners.get('connect')?.();
    },
    disconnect: () => {
      state.connected = false;
    },
    timeout: () => ({
      emitWithAck: (event: string, payload: unknown) => {
        state.emitted.push([event, payload]);
        return Promise.resolve(event === 'join' ? { ok: true } : state.answer);
      },
    }),
  };
  return { state, fake };
});
vi.mock('../../../lib/realtime/socket', () => ({ createSocket: () => socket.fake }));

const MAC = 'aabbccddee01';
const READ = {
  ip: '192.168.1.20',
  port: 502,
  registerAddress: 3,
  wordLength: 2,
  functionCode: 3,
  unitID: 1,
  scaleFactor: 0.1,
  dataType: 'UINT32',
  swapBytes: false,
  swapWords: true,
};
// 26/11/2026 15:04:05 in Paris.
const T = Date.UTC(2026, 10, 26, 14, 4, 5);

function renderButton(mac: string | undefined) {
  return renderWithProviders(
    <LiveTestButton mac={mac} read={READ} name="Énergie active" unit="kWh" />,
  );
}

afterEach(async () => {
  socket.state.emitted = [];
  await i18next.changeLanguage('fr');
});

describe('LiveTestButton (document 3 §4, §5, §8)', () => {
  it('shows the value in French with its unit, the registers and the Paris time', async () => {
    socket.state.answer = {
      ok: true,
      mac: MAC,
      result: { value: 12345.6, registers: [1, 57920], t: T },
    };
    const { user } = renderButton(MAC);
    await user.click(screen.getByRole('button', { name: 'Test en direct' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Test en direct/ }));
    const result = await dialog.findByTestId('live-result');
    expect(result.textContent).toContain('12\u202f345,6 kWh');
    expect(result.textContent).toContain('0x0001 (1)');
    expect(result.textContent).toContain('0xE240 (57920)');
    expect(result.textContent).toContain('Lu le 26/11/2026 15:04:05');
    expect(socket.state.emitted).toEqual([
      ['join', 'aabbccddee01:modbus:live'],
      ['modbus:live', { mac: MAC, read: READ }],
    ]);
    expect(socket.state.connected).toBe(false);
  });

  it('writes the value in English when the console is in English', async () => {
    await i18next.changeLanguage('en');
    socket.state.answer = { ok: true, mac: MAC, result: { value: 12345.6, registers: [1], t: T } };
    const { user } = renderButton(MAC);
    await user.click(screen.getByRole('button', { name: 'Live test' }));
    expect((await screen.findByTestId('live-result')).textContent).toContain('12,345.6 kWh');
  });

  it('translates a read error and an offline gateway', async () => {
    socket.state.answer = { ok: true, mac: MAC, result: { error: 'timeout', t: T } };
    const { user } = renderButton(MAC);
    await user.click(screen.getByRole('button', { name: 'Test en direct' }));
    expect((await screen.findByTestId('live-error')).textContent).toContain(
      "Le compteur n'a pas répondu à temps.",
    );
    socket.state.answer = { ok: false, mac: MAC, code: 'gatewayOffline' };
    await user.click(screen.getByRole('button', { name: 'Relancer' }));
    expect((await screen.findByText('La passerelle est hors ligne.')).textContent).toBeTruthy();
  });

  it("says 'No Gateway Selected' without a gateway, and connects nowhere", async () => {
    const { user } = renderButton(undefined);
    await user.click(screen.getByRole('button', { name: 'Test en direct' }));
    expect((await findSnackbar('Aucune passerelle sélectionnée')).variant).toBe('error');
    expect(socket.state.emitted).toEqual([]);
  });
});
