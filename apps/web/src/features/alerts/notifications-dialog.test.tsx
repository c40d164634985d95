// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertsReply } from '@atrium/contracts/alerts';
import type { Notification } from '@atrium/contracts/project';
import { setToken } from '../../lib/session/session';
import { projectItem } from '../../testing/factories';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { fill } from '../../testing/fill';
import { renderWithProviders } from '../../testing/render';
import { findSnackbar } from '../../testing/snackbars';
import { signInAs } from '../../testing/session';
import { NotificationsDialog } from './notifications-dialog';

const PROJECT = { _id: 'p1', name: 'Maison' };
const SAVE = `/api/project/notifications/${PROJECT._id}`;
const STORED: Notification = {
  email: {
    enabled: true,
    options: { mails: ['ops@atrium.fr'] },
    events: { status: true, voltage: false, thresholds: true },
  },
  pushover: {
    enabled: false,
    options: { user: '', token: '' },
    events: { status: true, voltage: true, thresholds: false },
  },
};
const NO_PROBLEM: AlertsReply = {
  alerts: [],
  open: 0,
  problems: { email: null, pushover: null },
  mutes: [],
};

function renderDialog(
  options: { role?: 'owner' | 'viewer'; problems?: AlertsReply['problems'] } = {},
) {
  const server = stubFetch({
    [`GET /api/project/${PROJECT._id}`]: {
      body: { project: projectItem({ notification: STORED, role: options.role ?? 'owner' }) },
    },
    [`GET /api/alerts/project/${PROJECT._id}`]: {
      body: { ...NO_PROBLEM, problems: options.problems ?? NO_PROBLEM.problems },
    },
    [`POST ${SAVE}`]: (request) => ({ body: { notification: request.body } }),
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<NotificationsDialog project={PROJECT} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: /Notifications/ }));
  return { ...view, server, dialog, onClose };
}

beforeEach(() => signInAs('manager'));
afterEach(() => setToken(''));

describe('NotificationsDialog (document 2 §3, §5, §8)', () => {
  it('saves the stored settings with the language, every event and the quiet hours', async () => {
    const { dialog, server, user, onClose } = renderDialog();
    const first = await dialog.findByLabelText('Adresse e-mail');
    expect(first).toHaveProperty('value', 'ops@atrium.fr');
    // The thresholds box is checked and disabled: thresholds always go out.
    const thresholds = within(dialog.getByTestId('email-channel')).getByRole('checkbox', {
      name: 'Seuils',
    });
    expect(thresholds).toHaveProperty('disabled', true);
    expect(thresholds).toHaveProperty('checked', true);
    await fill(user, dialog.getByLabelText('Seconde adresse (facultative)'), ' lead@atrium.fr ');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Modification enregistrée');
    expect(server.sent('POST', SAVE)[0]?.body).toEqual({
      email: {
        enabled: true,
        options: { mails: ['ops@atrium.fr', 'lead@atrium.fr'] },
        events: { status: true, voltage: false, thresholds: true },
        quietHours: { enabled: false, start: '22:00', end: '07:00' },
      },
      pushover: {
        enabled: false,
        options: { user: '', token: '' },
        events: { status: true, voltage: true, thresholds: true },
        quietHours: { enabled: false, start: '22:00', end: '07:00' },
      },
      language: 'fr',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('disables Save with mailBody while an address is malformed', async () => {
    const { dialog, user } = renderDialog();
    const second = await dialog.findByLabelText('Seconde adresse (facultative)');
    await fill(user, second, 'lead@');
    expect(dialog.getByText('Saisissez une ou deux adresses e-mail valides.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);
    await fill(user, second, '');
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', false);
  });

  it('refuses Pushover without both keys (pushoverFieldEmpty), sending nothing', async () => {
    const { dialog, server, user } = renderDialog();
    await user.click(await dialog.findByRole('switch', { name: 'Pushover' }));
    await fill(user, dialog.getByLabelText('Clé utilisateur'), 'ukey');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    const { variant } = await findSnackbar(
      "Saisissez la clé utilisateur et le jeton d'API Pushover.",
    );
    expect(variant).toBe('error');
    expect(server.sent('POST', SAVE)).toHaveLength(0);
  });

  it("shows the server's error code, and a channel the server marked broken", async () => {
    const { dialog, server, user } = renderDialog({
      problems: { email: null, pushover: { at: Date.UTC(2026, 0, 5, 9), reason: 'invalid user' } },
    });
    const problem = await dialog.findByTestId('pushover-problem');
    expect(problem.textContent).toContain('Pushover a refusé ces clés le 05/01/2026 10:00:00');
    expect(problem.textContent).toContain('invalid user');
    server.on('POST', SAVE, errorReply(400, 'mailBody'));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect((await findSnackbar('Saisissez une ou deux adresses e-mail valides.')).variant).toBe(
      'error',
    );
  });

  it('is read-only for a viewer', async () => {
    const { dialog } = renderDialog({ role: 'viewer' });
    await dialog.findByLabelText('Adresse e-mail');
    expect(dialog.getByLabelText('Adresse e-mail')).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true),
    );
  });
});
