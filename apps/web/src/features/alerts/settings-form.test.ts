import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '@atrium/contracts/alerts';
import { newStaleRow, readSettings, settingsForm, type SettingsForm } from './settings-form';

const stored: AlertSettings = {
  offlineDelaySeconds: 120,
  busload: { enabled: true, percent: 70, minutes: 10 },
  stale: [{ gateway: '001122334455', address: '1/2/3', minutes: 30 }],
};

function edit(change: (f: SettingsForm) => void): SettingsForm {
  const form = settingsForm(stored);
  change(form);
  return form;
}

describe('settingsForm / readSettings', () => {
  it('round-trips stored settings and the defaults', () => {
    expect(readSettings(settingsForm(stored))).toEqual({ ok: true, settings: stored });
    expect(readSettings(settingsForm(DEFAULT_ALERT_SETTINGS))).toEqual({
      ok: true,
      settings: DEFAULT_ALERT_SETTINGS,
    });
  });

  it('normalises a MAC typed with colons and trims the address', () => {
    const result = readSettings(
      edit((f) => (f.stale = [{ gateway: '00:11:22:33:44:AA', address: ' 1/2/4 ', minutes: '5' }])),
    );
    expect(result.ok && result.settings.stale).toEqual([
      { gateway: '0011223344aa', address: '1/2/4', minutes: 5 },
    ]);
  });

  it('refuses an offline delay outside 5-3600 s, empty or fractional', () => {
    for (const value of ['4', '3601', '', '12.5', 'abc']) {
      const result = readSettings(edit((f) => (f.offlineDelaySeconds = value)));
      expect(result, value).toEqual({
        ok: false,
        errors: { offlineDelaySeconds: 'invalidForm' },
      });
    }
    expect(readSettings(edit((f) => (f.offlineDelaySeconds = '5'))).ok).toBe(true);
  });

  it('points at the wrong field of a watched address', () => {
    const result = readSettings(
      edit((f) => f.stale.push({ ...newStaleRow('001122334455'), address: '1/8/1' })),
    );
    expect(result).toEqual({ ok: false, errors: { 'stale.1.address': 'invalidGroupAddress' } });
    const noGateway = readSettings(
      edit((f) => (f.stale = [{ ...newStaleRow(), address: '1/1/1' }])),
    );
    expect(noGateway).toEqual({ ok: false, errors: { 'stale.0.gateway': 'invalidMac' } });
  });

  it('checks the bus load percent and minutes', () => {
    const result = readSettings(
      edit((f) => (f.busload = { enabled: true, percent: '0', minutes: '2000' })),
    );
    expect(result).toEqual({
      ok: false,
      errors: { 'busload.percent': 'invalidForm', 'busload.minutes': 'invalidForm' },
    });
  });
});
