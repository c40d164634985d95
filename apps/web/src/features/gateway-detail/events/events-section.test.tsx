// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayEvent } from '@atrium/contracts/gateway-events';
import { setToken } from '../../../lib/session/session';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { signInAs } from '../../../testing/session';
import { EventsSection } from './events-section';

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
vi.mock('../../../lib/realtime/socket', () => ({ getSocket: () => socket }));

const MAC = '0a1b2c3d4e5f';
const LIST = `/api/gateway-events/${MAC}`;
const UPTIME = `${LIST}/uptime`;
// 26 Nov 2026, 10:00 UTC: 11:00 in Paris.
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);

const ev = (i: number, kind: GatewayEvent['kind'], over: Partial<GatewayEvent> = {}) =>
  ({
    id: `e${i}`,
    mac: MAC,
    at: T0 - i * 60_000,
    kind,
    user: null,
    data: {},
    ...over,
  }) satisfies GatewayEvent;

/** One of each kind, newest first. */
const EVERY_KIND: GatewayEvent[] = [
  ev(1, 'online', { data: { durationMs: 3 * 60_000 + 5_000 } }),
  ev(2, 'offline', { data: { durationMs: 2 * 86_400_000 + 3 * 3_600_000 } }),
  ev(3, 'reboot', { user: 'marie@example.com', data: { command: 'reboot' } }),
  ev(4, 'update', {
    user: 'marie@example.com',
    data: { command: 'update', from: '8.4.0', to: '8.5.0', result: 'done' },
  }),
  ev(5, 'update', {
    user: 'paul@example.com',
    data: {
      command: 'update',
      from: '8.4.0',
      to: '8.5.0',
      result: 'failed',
      error: 'firmwareChecksumMismatch',
    },
  }),
  ev(6, 'config', { user: 'marie@example.com', data: { command: 'pool.type', detail: 'salt' } }),
  ev(7, 'password', { user: 'marie@example.com', data: { command: 'config.password' } }),
  ev(8, 'command', { user: 'paul@example.com', data: { command: 'nodered.restart' } }),
];

function renderSection(pages: GatewayEvent[][]) {
  const server = stubFetch({
    [`GET ${LIST}`]: (request) => {
      const page = request.query.cursor ? 1 : 0;
      return {
        body: { events: pages[page] ?? [], ...(page === 0 && pages[1] ? { next: `1_e1` } : {}) },
      };
    },
    [`GET ${UPTIME}`]: { body: { h24: 0.995, d7: 0.5, d30: null } },
  });
  const view = renderWithProviders(<EventsSection mac={MAC} />);
  return { ...view, server };
}

beforeEach(() => signInAs('manager'));
afterEach(async () => {
  setToken('');
  await act(() => i18next.changeLanguage('fr'));
});

describe('EventsSection', () => {
  it('shows every kind with its icon label, Paris time, duration, user and versions (fr)', async () => {
    renderSection([EVERY_KIND]);
    const rows = await screen.findAllByTestId('gateway-event');
    expect(rows).toHaveLength(8);
    const text = rows.map((r) => r.textContent ?? '');
    expect(text[0]).toContain('En ligne');
    expect(text[0]).toContain('De retour après 3 min hors ligne');
    expect(text[0]).toContain('26/11/2026 10:59:00');
    expect(text[1]).toContain('Hors ligne');
    expect(text[1]).toContain('Après 2 j 3 h en ligne');
    expect(text[2]).toContain('Redémarrage');
    expect(text[2]).toContain('par marie@example.com');
    expect(text[3]).toContain('Mise à jour du firmware');
    expect(text[3]).toContain('8.4.0 → 8.5.0');
    expect(text[3]).toContain('Réussie');
    expect(text[4]).toContain('Échouée');
    expect(text[4]).toContain('Erreur :');
    expect(text[4]).toContain('par paul@example.com');
    expect(text[5]).toContain('Configuration modifiée');
    expect(text[5]).toContain('Type : salt');
    expect(text[6]).toContain('Identifiants modifiés');
    expect(text[6]).toContain('Identifiants de configuration');
    expect(text[7]).toContain('Commande');
    expect(text[7]).toContain("Redémarrage de l'éditeur de flux");
    // Each row has its icon (an svg) beside its text label.
    for (const row of rows) expect(row.querySelector('svg')).not.toBeNull();
    expect((await screen.findByTestId('uptime-h24')).textContent).toMatch(/24 h · 99,5\s%/);
    expect(screen.getByTestId('uptime-d7').textContent).toMatch(/7 j · 50\s%/);
    expect(screen.getByTestId('uptime-d30').textContent).toBe('30 j · —');
  });

  it('speaks English, with English percents', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderSection([EVERY_KIND.slice(0, 4)]);
    const rows = await screen.findAllByTestId('gateway-event');
    expect(rows[0]?.textContent).toContain('Back after 3 min offline');
    expect(rows[2]?.textContent).toContain('by marie@example.com');
    expect(rows[3]?.textContent).toContain('Succeeded');
    expect((await screen.findByTestId('uptime-h24')).textContent).toBe('24 h · 99.5%');
  });

  it('prepends a live event once, and loads older pages', async () => {
    const { user, server } = renderSection([EVERY_KIND.slice(0, 2), [ev(20, 'reboot')]]);
    await screen.findAllByTestId('gateway-event');
    await waitFor(() => expect(socket.listeners('gateway:event')).toBe(1));
    const live = ev(0, 'offline', { at: T0 + 60_000, data: { durationMs: 10_000 } });
    act(() => {
      socket.emit('gateway:event', live);
      socket.emit('gateway:event', live);
      // Another gateway's event is not this one's history.
      socket.emit('gateway:event', { ...live, id: 'other', mac: 'ffffffffffff' });
    });
    await waitFor(() => expect(screen.getAllByTestId('gateway-event')).toHaveLength(3));
    const first = screen.getAllByTestId('gateway-event')[0]!;
    expect(within(first).getByText('Hors ligne')).toBeTruthy();
    expect(first.textContent).toContain('Après 10 s en ligne');
    // The uptime is asked again after a presence change.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === UPTIME).length).toBeGreaterThan(1),
    );
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(screen.getAllByTestId('gateway-event')).toHaveLength(4));
    expect(server.requests.find((r) => r.query.cursor)?.query).toMatchObject({
      cursor: '1_e1',
      limit: '30',
    });
  });

  it('filters by kind', async () => {
    const { user, server } = renderSection([EVERY_KIND]);
    await screen.findAllByTestId('gateway-event');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Redémarrage' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === LIST && r.query.kinds === 'reboot')).toBe(true),
    );
  });
});
