// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModbusMeter } from '@atrium/contracts/modbus';
import { setToken } from '../../../lib/session/session';
import { projectItem } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { findSnackbar } from '../../../testing/snackbars';
import { signInAs } from '../../../testing/session';
import { GATEWAYS, meter, PROJECT, renderAtRoute } from '../modbus-testing';
import { ModbusMetersPage } from './meters-page';

const SAVE = `/api/project/modbus/meter/${PROJECT}`;
const METERS = [
  meter(),
  meter({ id: 'm2', name: 'PAC', network: { ip: '192.168.1.21', port: 502 }, enabled: false }),
];

async function renderPage(initial: ModbusMeter[] = METERS, role: 'owner' | 'viewer' = 'owner') {
  // A small stateful server: what was saved is what the next GET lists.
  let meters = [...initial];
  const stored = (body: unknown, id: string): ModbusMeter => ({ ...(body as ModbusMeter), id });
  const server = stubFetch({
    [`GET /api/project/${PROJECT}`]: { body: { project: projectItem({ role }) } },
    [`GET /api/project/monitored/modbus/meters/${PROJECT}`]: () => ({ body: { meters } }),
    [`GET /api/project/gateways/name/${PROJECT}`]: { body: { gateways: GATEWAYS } },
    [`POST ${SAVE}`]: (r) => {
      const saved = stored(r.body, `new${meters.length}`);
      meters = [...meters, saved];
      return { body: { meter: saved, sent: true } };
    },
    [`PUT ${SAVE}`]: (r) => {
      const saved = stored(r.body, (r.body as ModbusMeter).id);
      meters = meters.map((m) => (m.id === saved.id ? saved : m));
      return { body: { meter: saved, sent: true } };
    },
    [`DELETE ${SAVE}/m2`]: () => {
      meters = meters.filter((m) => m.id !== 'm2');
      return { body: { removed: true, sent: true } };
    },
  });
  const view = renderAtRoute(
    '/projects/:projectID/modbus-configuration-new/meters',
    `/projects/${PROJECT}/modbus-configuration-new/meters`,
    <ModbusMetersPage />,
  );
  // The project's role decides what can be changed: wait for it (its name, the subtitle).
  await screen.findByText('Maison');
  return { ...view, server };
}

const rows = () => screen.getAllByRole('row').slice(1);
const panel = () => within(screen.getByRole('form'));

beforeEach(() => signInAs('manager'));
afterEach(() => {
  vi.useRealTimers();
  setToken('');
});

describe('Modbus meters list (document 3 §2, §4, §8)', () => {
  it('lists name and IP:port, and filters by name', async () => {
    const { user } = await renderPage();
    await screen.findByText('Compteur général');
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('192.168.1.20:502'),
      expect.stringContaining('192.168.1.21:502'),
    ]);
    await fill(user, screen.getByLabelText('Filtrer par nom'), 'pac');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('PAC');
    await fill(user, screen.getByLabelText('Filtrer par nom'), 'zzz');
    expect(screen.getByText('Aucun compteur ne correspond au filtre.')).toBeTruthy();
  });

  it('switches a meter at once and switches it back when the server refuses', async () => {
    const { user, server } = await renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Activé PAC' });
    server.on('PUT', SAVE, errorReply(500, 'error'));
    await user.click(toggle);
    expect(server.sent('PUT', SAVE)[0]?.body).toMatchObject({ id: 'm2', enabled: true });
    const { variant } = await findSnackbar("Une erreur est survenue pendant l'opération.");
    expect(variant).toBe('error');
    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
  });

  it('keeps a switched meter when the server agrees', async () => {
    const { user } = await renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Activé PAC' });
    await user.click(toggle);
    expect(toggle).toHaveProperty('checked', true);
  });

  it("duplicates with ' -- COPY' and a new id", async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Dupliquer Compteur général' }));
    expect(panel().getByLabelText(/^Nom\b/)).toHaveProperty('value', 'Compteur général -- COPY');
    expect(panel().getByLabelText(/^Adresse IP/)).toHaveProperty('value', '192.168.1.20');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Compteur Compteur général -- COPY ajouté');
    const body = server.sent('POST', SAVE)[0]?.body;
    expect(body).toEqual({
      name: 'Compteur général -- COPY',
      gatewayMac: 'aabbccddee01',
      network: { ip: '192.168.1.20', port: 502 },
      enabled: true,
      interval: 10,
    });
    expect(rows()).toHaveLength(3);
  });

  it('edits with PUT and the id, then closes the form', async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier PAC' }));
    await fill(user, panel().getByLabelText(/^Port/), '1502');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    await findSnackbar('Compteur PAC mis à jour');
    expect(server.sent('PUT', SAVE)[0]?.body).toMatchObject({ id: 'm2', network: { port: 1502 } });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(screen.getByText('192.168.1.21:1502')).toBeTruthy();
  });

  it('says when the gateway will only get the change when it next connects', async () => {
    const { user, server } = await renderPage();
    server.on('PUT', SAVE, (r) => ({ body: { meter: r.body, sent: false } }));
    await user.click(await screen.findByRole('switch', { name: 'Activé PAC' }));
    const { variant } = await findSnackbar(/elle recevra cette configuration/);
    expect(variant).toBe('info');
  });

  it('shows a viewer the meters without a way to change them', async () => {
    await renderPage(METERS, 'viewer');
    const toggle = await screen.findByRole('switch', { name: 'Activé PAC' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', true));
    expect(screen.queryByRole('button', { name: 'Nouveau compteur' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier PAC' })).toBeNull();
  });

  it('links to the meters, the configurations and the wizard', async () => {
    await renderPage();
    const nav = within(await screen.findByRole('navigation', { name: 'Navigation Modbus' }));
    expect(nav.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `/projects/${PROJECT}/modbus-configuration-new/meters`,
      `/projects/${PROJECT}/modbus-configuration-new/configurations`,
      `/projects/modbus-configuration/${PROJECT}`,
      `/projects/${PROJECT}`,
    ]);
  });

  it('deletes after confirmation, naming the meter', async () => {
    const { user, server } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Supprimer PAC' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Supprimer' }));
    await findSnackbar('Compteur PAC supprimé');
    expect(server.sent('DELETE', `${SAVE}/m2`)).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('offers only kloudnx gateways and says which fields are wrong', async () => {
    const { user, server } = await renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Nouveau compteur' }));
    await user.click(panel().getByRole('combobox', { name: /Passerelle d'enregistrement/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Chaufferie', 'Garage']);
    await user.keyboard('{Escape}');
    await fill(user, panel().getByLabelText(/^Adresse IP/), '192.168.1.300');
    await fill(user, panel().getByLabelText(/^Port/), '5.5');
    await user.click(panel().getByRole('button', { name: 'Enregistrer' }));
    expect(panel().getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(panel().getByText('Adresse IPv4 attendue, par exemple 192.168.1.20.')).toBeTruthy();
    expect(panel().getByText('Nombre entier entre 0 et 65535.')).toBeTruthy();
    expect(panel().getByRole('alert').textContent).toContain('Nom, Adresse IP, Port');
    expect(server.sent('POST', SAVE)).toHaveLength(0);
  });

  it('closes the field alert after 3 s plus 1 s per listed field', async () => {
    const { user } = await renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Nouveau compteur' }));
    await fill(user, panel().getByLabelText(/^Port/), '');
    vi.useFakeTimers();
    // Name, IP and port are wrong: 3 s + 3 × 1 s.
    fireEvent.click(panel().getByRole('button', { name: 'Enregistrer' }));
    expect(panel().getByRole('alert').textContent).toContain('Nom, Adresse IP, Port');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(panel().queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(panel().queryByRole('alert')).toBeNull();
  });
});
