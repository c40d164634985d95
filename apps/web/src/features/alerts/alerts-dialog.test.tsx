// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert, AlertsReply } from '@atrium/contracts/alerts';
import { setToken } from '../../lib/session/session';
import { gatewaySummary, projectItem } from '../../testing/factories';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { AlertsDialog } from './alerts-dialog';
import { signInAs } from '../../testing/session';

// The console's socket, replaced by one whose events the test emits.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: (event: string, fn: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
    },
    off: (event: string, fn: (payload: unknown) => void) => handlers.get(event)?.delete(fn),
    emit: (event: string, payload: unknown) => handlers.get(event)?.forEach((fn) => fn(payload)),
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
  };
});
vi.mock('../../lib/realtime/socket', () => ({ getSocket: () => socket }));

const PROJECT = { _id: 'p1', name: 'Maison' };
const HISTORY = `/api/alerts/project/${PROJECT._id}`;
const GATEWAY = gatewaySummary({ project: PROJECT._id });

const alert = (i: number, over: Partial<Alert> = {}): Alert => ({
  _id: `a${i}`,
  project: PROJECT._id,
  gateway: GATEWAY.mac,
  gatewayName: 'Salon',
  kind: 'threshold',
  rule: 'Trop chaud',
  address: '1/2/3',
  addressName: 'Température',
  condition: '> 26',
  limit: 26,
  unit: '°C',
  value: 27,
  raisedAt: 1_000_000 - i,
  clearedAt: null,
  clearValue: null,
  muted: false,
  ...over,
});

function renderDialog(pages: Alert[][], role: 'owner' | 'viewer' = 'owner') {
  const reply = (alerts: Alert[]): AlertsReply => ({
    alerts,
    open: 2,
    problems: { email: null, pushover: null },
    mutes: [{ _id: 'm1', gateway: GATEWAY.mac, until: Date.UTC(2026, 0, 5, 9), createdAt: 0 }],
  });
  const server = stubFetch({
    [`GET /api/project/${PROJECT._id}`]: {
      body: { project: projectItem({ role, gateways: [GATEWAY] }) },
    },
    [`GET ${HISTORY}`]: (request) => ({
      body: reply(request.query.before ? (pages[1] ?? []) : (pages[0] ?? [])),
    }),
    [`POST /api/alerts/mute/${PROJECT._id}`]: { body: { mute: { _id: 'm2' } } },
    [`DELETE /api/alerts/mute/${PROJECT._id}/m1`]: { body: { removed: true } },
  });
  const view = renderWithProviders(<AlertsDialog project={PROJECT} onClose={() => undefined} />);
  const dialog = within(screen.getByRole('dialog', { name: /Alertes/ }));
  return { ...view, server, dialog };
}

beforeEach(() => signInAs('manager'));
afterEach(() => setToken(''));

describe('AlertsDialog', () => {
  it('lists the alerts: kind, state, gateway, rule and address, value and limit', async () => {
    const cleared = alert(2, { kind: 'voltage', rule: null, address: null, addressName: null });
    const { dialog } = renderDialog([[alert(1, { muted: true }), { ...cleared, clearedAt: 5 }]]);
    const rows = await dialog.findAllByTestId('alert-row');
    expect(rows[0]!.textContent).toContain('Seuil franchi');
    expect(rows[0]!.textContent).toContain('En cours');
    expect(rows[0]!.textContent).toContain('Salon · Trop chaud · 1/2/3 Température');
    expect(rows[0]!.textContent).toContain('valeur 27 °C · seuil > 26 °C');
    expect(rows[0]!.textContent).toContain('En sourdine');
    expect(rows[1]!.textContent).toContain('Tension hors plage');
    expect(rows[1]!.textContent).toContain('Terminée');
    expect(dialog.getByText('2 alertes en cours')).toBeTruthy();
  });

  it('pages with the raisedAt of the last row, and filters by kind', async () => {
    const full = Array.from({ length: 50 }, (_, i) => alert(i));
    const { dialog, server, user } = renderDialog([full, [alert(99)]]);
    await user.click(await dialog.findByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(dialog.getAllByTestId('alert-row')).toHaveLength(51));
    expect(server.sent('GET', HISTORY)[1]?.query).toEqual({
      limit: '50',
      before: String(full[49]!.raisedAt),
    });
    expect(dialog.queryByRole('button', { name: 'Afficher plus' })).toBeNull();

    await user.click(dialog.getByRole('combobox', { name: "Type d'alerte" }));
    await user.click(await screen.findByRole('option', { name: 'Adresse silencieuse' }));
    await waitFor(() =>
      expect(server.sent('GET', HISTORY).at(-1)?.query).toEqual({ limit: '50', kind: 'stale' }),
    );
  });

  it("refreshes on each live alert of the project, not on another project's", async () => {
    const { dialog, server } = renderDialog([[alert(1)]]);
    await dialog.findByTestId('alert-row');
    await waitFor(() => expect(socket.listeners('project:alert')).toBe(1));
    const before = server.sent('GET', HISTORY).length;
    socket.emit('project:alert', alert(3, { project: 'other' }));
    socket.emit('project:alert', { nonsense: true });
    socket.emit('project:alert', alert(2));
    await waitFor(() => expect(server.sent('GET', HISTORY).length).toBe(before + 1));
  });

  it('mutes a gateway for 4 h and unmutes', async () => {
    const { dialog, server, user } = renderDialog([[]]);
    await user.click(await dialog.findByRole('tab', { name: /Sourdine/ }));
    expect(dialog.getByText("Jusqu'au 05/01/2026 10:00:00")).toBeTruthy();
    await user.click(dialog.getByRole('combobox', { name: 'Mettre en sourdine' }));
    await user.click(await screen.findByRole('option', { name: 'Salon' }));
    await user.click(dialog.getByRole('button', { name: 'Sourdine 4 h' }));
    await waitFor(() =>
      expect(server.sent('POST', `/api/alerts/mute/${PROJECT._id}`)[0]?.body).toEqual({
        gateway: GATEWAY.mac,
        minutes: 240,
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Réactiver' }));
    await waitFor(() =>
      expect(server.sent('DELETE', `/api/alerts/mute/${PROJECT._id}/m1`)).toHaveLength(1),
    );
  });

  it('shows a viewer the history only', async () => {
    const { dialog } = renderDialog([[alert(1)]], 'viewer');
    await dialog.findByTestId('alert-row');
    await waitFor(() => expect(screen.queryAllByRole('tab')).toHaveLength(0));
  });
});
