// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetSummary } from '@atrium/contracts/fleet';
import type { GatewayEvent } from '@atrium/contracts/gateway-events';
import { changeLanguage } from 'i18next';
import { setToken } from '../../lib/session/session';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { HomePage } from './home-page';

const SUMMARY: FleetSummary = {
  gateways: {
    total: 12,
    online: 9,
    offline: 3,
    outdated: 2,
    byType: [
      { type: 'kloudnx', total: 10, online: 8, outdated: 2 },
      { type: 'grafnx', total: 2, online: 1, outdated: 0 },
    ],
  },
  attention: [
    {
      projectId: 'p1',
      projectName: 'Piscine',
      offline: 2,
      failedUpdates: 1,
      activeAlerts: 0,
      openAlerts: 0,
    },
    {
      projectId: 'p2',
      projectName: 'Bureau',
      offline: 0,
      failedUpdates: 0,
      activeAlerts: 3,
      openAlerts: 1,
      lastAlertAt: Date.UTC(2026, 6, 1, 10, 0, 0),
    },
  ],
  projects: 4,
};

const event = (over: Partial<GatewayEvent>): GatewayEvent => ({
  id: 'e1',
  mac: '0a0b0c0d0e0f',
  at: Date.UTC(2026, 0, 15, 12, 30, 0),
  kind: 'offline',
  user: null,
  data: {},
  gatewayName: 'Local technique',
  projectId: 'p1',
  projectName: 'Piscine',
  ...over,
});

function renderHome(summary: FleetSummary, events: GatewayEvent[] | null = []) {
  const server = stubFetch({
    'GET /api/fleet/summary': { body: summary },
    'GET /api/gateway-events': events ? { body: { events } } : errorReply(404, 'notFound'),
  });
  return { ...renderWithProviders(<HomePage />, { route: '/home' }), server };
}

afterEach(async () => {
  act(() => setToken(''));
  await act(() => changeLanguage('fr'));
});

describe('HomePage', () => {
  it('shows the counts, each a link to the projects list (filtered when it can be)', async () => {
    signInAs('manager');
    renderHome(SUMMARY);
    const offline = await screen.findByTestId('kpi-offline');
    expect(offline.textContent).toContain('3');
    expect(offline.textContent).toContain('Hors ligne');
    expect(within(offline).getByRole('link').getAttribute('href')).toBe(
      '/projects/list?online=0%2C1',
    );
    expect(screen.getByTestId('kpi-online').textContent).toContain('9');
    expect(screen.getByTestId('kpi-outdated').textContent).toContain('2');
    expect(screen.getByTestId('kpi-total').textContent).toContain('12');
    expect(screen.getByText("Votre parc en un coup d'œil · 4 projets")).toBeTruthy();
    const kloud = screen.getByTestId('type-kloudnx');
    expect(kloud.getAttribute('href')).toBe('/projects/list?types=kloudnx');
    expect(kloud.textContent).toContain('10 passerelles · 8 en ligne · 2 à mettre à jour');
    expect(screen.getByTestId('type-grafnx').textContent).toContain('toutes à jour');
    expect(screen.getByRole('link', { name: /Tous les projets/ }).getAttribute('href')).toBe(
      '/projects/list',
    );
  });

  it('lists the projects needing attention with their reasons as text, linked to the project', async () => {
    signInAs('manager');
    renderHome(SUMMARY);
    const rows = await screen.findAllByTestId('attention-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/projects/p1', '/projects/p2']);
    expect(rows[0]?.textContent).toContain('2 passerelles hors ligne');
    expect(rows[0]?.textContent).toContain('1 mise à jour échouée');
    expect(rows[1]?.textContent).toContain('3 alertes · 1 encore ouverte');
    // Paris time, French format.
    expect(rows[1]?.textContent).toContain('dernière alerte 01/07/2026 12:00:00');
  });

  it('shows the recent events in the console language, linked to the gateway', async () => {
    signInAs('user');
    await act(() => changeLanguage('en'));
    renderHome(SUMMARY, [
      event({ id: 'a', kind: 'update', user: 'ann@x.fr', data: { to: '8.6.0', result: 'failed' } }),
      event({
        id: 'b',
        kind: 'online',
        data: { durationMs: 3 * 3600_000 },
        projectId: null,
        projectName: null,
      }),
    ]);
    const rows = await screen.findAllByTestId('event-row');
    expect(rows[0]?.textContent).toContain('Local technique · Piscine');
    expect(rows[0]?.textContent).toContain('Update to 8.6.0 failed — by ann@x.fr');
    expect(rows[0]?.textContent).toContain('15/01/2026, 13:30:00');
    expect(rows[0]?.getAttribute('href')).toBe('/projects/p1/gateway/0a0b0c0d0e0f');
    expect(rows[1]?.textContent).toContain('Online again after 3 h offline');
    expect(rows[1]?.hasAttribute('href')).toBe(false);
  });

  it('says when nothing needs attention, and when the events cannot be read', async () => {
    signInAs('manager');
    renderHome({ ...SUMMARY, attention: [] }, null);
    expect(await screen.findByText(/Rien à signaler/)).toBeTruthy();
    expect(
      await screen.findByText("Les événements récents n'ont pas pu être chargés."),
    ).toBeTruthy();
  });

  it('tells a newcomer what to do: create a project, or ask for access', async () => {
    const empty: FleetSummary = {
      gateways: { total: 0, online: 0, offline: 0, outdated: 0, byType: [] },
      attention: [],
      projects: 0,
    };
    signInAs('manager');
    const first = renderHome(empty);
    expect(await first.findByText('Bienvenue sur Atrium Cloud')).toBeTruthy();
    // All-zero counts and an empty "nothing to report" would only get in the way.
    expect(first.queryByTestId('kpi-total')).toBeNull();
    expect(first.queryByText(/Rien à signaler/)).toBeNull();
    expect(first.getByRole('link', { name: 'Aller à la liste des projets' })).toBeTruthy();
    first.unmount();
    signInAs('viewer');
    const viewer = renderHome(empty);
    expect(await viewer.findByText(/Aucun projet ne vous est encore partagé/)).toBeTruthy();
    expect(viewer.queryByRole('link', { name: 'Aller à la liste des projets' })).toBeNull();
    viewer.unmount();
    signInAs('manager');
    renderHome({ ...empty, projects: 2 });
    expect(await screen.findByText(/Vos projets n'ont pas encore de passerelle/)).toBeTruthy();
  });
});
