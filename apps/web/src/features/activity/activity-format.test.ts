import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@atrium/contracts/activity';
import { initTestI18n } from '../../testing/i18n';
import { activitySentence } from './activity-format';

const entry = (details: ActivityEntry['details']): ActivityEntry => ({
  id: 'e1',
  at: 1_700_000_000_000,
  actor: 'manager@atrium.demo',
  action: 'gateway.command',
  target: { kind: 'gateway', id: 'a4b1c2001004', name: 'Étage 1' },
  details,
});

beforeAll(initTestI18n);

describe('the sentence of a command sent to a gateway', () => {
  it('names the command as the gateway history does, with the versions of an update', () => {
    const fr = i18next.getFixedT('fr');
    const en = i18next.getFixedT('en');
    const update = entry({ command: 'update', from: '8.4.2', to: '8.5.0' });
    expect(activitySentence(update, fr)).toBe(
      'a envoyé à la passerelle : Mise à jour du firmware (8.4.2 → 8.5.0)',
    );
    expect(activitySentence(update, en)).toBe(
      'sent to the gateway: Firmware update (8.4.2 → 8.5.0)',
    );
    expect(activitySentence(entry({ command: 'config.password' }), en)).toBe(
      'sent to the gateway: Configuration IDs',
    );
    expect(activitySentence(entry({ command: 'vpn.open' }), en)).toBe(
      'sent to the gateway: Remote access opened',
    );
  });
});
