// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { gatewayItem, projectItem } from '../../../testing/factories';
import { errorReply, stubFetch } from '../../../testing/fetch-stub';
import { renderHookWithProviders } from '../../../testing/render';
import { findSnackbar, snackbarTexts } from '../../../testing/snackbars';
import type { AddPlan } from './add-gateway-plan';
import { useAddGateway } from './use-add-gateway';

const MAC = 'aabbccddeeff';
const SN = 'ABCD1234';
const project = (id: string, role: 'owner' | 'viewer' = 'owner') => ({
  body: { project: projectItem({ _id: id, role }) },
});

function renderAdd() {
  const view = renderHookWithProviders(() => useAddGateway('p1'));
  // What the screens show: the project's gateways and the projects list.
  view.queryClient.setQueryData(QUERY_KEYS.projectGateways('p1'), []);
  view.queryClient.setQueryData(QUERY_KEYS.projects, []);
  const invalidated = () =>
    [QUERY_KEYS.projectGateways('p1'), QUERY_KEYS.projects].every(
      (key) => view.queryClient.getQueryState(key)?.isInvalidated,
    );
  const finish = (plan: AddPlan, initNow: boolean) => {
    let result: Promise<boolean> = Promise.resolve(false);
    act(() => {
      result = view.result.current.finish({ plan, mac: MAC, sn: SN, name: 'Garage', initNow });
    });
    return act(() => result);
  };
  return { ...view, invalidated, finish };
}

const posts = (server: ReturnType<typeof stubFetch>) =>
  server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);

describe('useAddGateway (spec §4 add and move, §8 add-gateway messages)', () => {
  it('claiming creates the gateway linked to the project, initialises it and refreshes', async () => {
    const server = stubFetch({
      'POST /api/gateway/create': { body: { gateway: gatewayItem() } },
      [`GET /api/gateway/init/${MAC}`]: { body: { gateway: gatewayItem() } },
    });
    const view = renderAdd();
    expect(await view.finish({ kind: 'claim', suggestedName: 'x' }, true)).toBe(true);
    expect(posts(server)).toEqual([
      ['/api/gateway/create', { name: 'Garage', mac: MAC, sn: SN, id: 'p1' }],
    ]);
    expect(server.sent('GET', `/api/gateway/init/${MAC}`)).toHaveLength(1);
    await findSnackbar('Passerelle ajoutée à votre compte.');
    await findSnackbar('Initialisation de la passerelle lancée.');
    expect(view.invalidated()).toBe(true);
  });

  it('moving from a project the caller owns unlinks it there first', async () => {
    const server = stubFetch({
      'GET /api/project/p2': project('p2'),
      'POST /api/project/unlink/p2': project('p2'),
      'POST /api/project/link/p1': project('p1'),
    });
    const view = renderAdd();
    const plan: AddPlan = { kind: 'move', name: 'Cave', from: { id: 'p2', name: 'Bureau' } };
    expect(await view.finish(plan, false)).toBe(true);
    expect(posts(server)).toEqual([
      ['/api/project/unlink/p2', { macs: [MAC] }],
      ['/api/project/link/p1', { macs: [MAC] }],
    ]);
  });

  it('moving from a project shared with the caller (viewer) or from none only links here', async () => {
    const server = stubFetch({
      'GET /api/project/p2': project('p2', 'viewer'),
      'POST /api/project/link/p1': project('p1'),
    });
    const view = renderAdd();
    await view.finish({ kind: 'move', name: 'Cave', from: { id: 'p2', name: 'Bureau' } }, false);
    await view.finish({ kind: 'move', name: 'Cave', from: null }, false);
    expect(posts(server)).toEqual([
      ['/api/project/link/p1', { macs: [MAC] }],
      ['/api/project/link/p1', { macs: [MAC] }],
    ]);
    expect(server.unhandled).toEqual([]);
  });

  it('a gateway already in the project is only initialised, with no "added" message', async () => {
    const server = stubFetch({
      [`GET /api/gateway/init/${MAC}`]: { body: { gateway: gatewayItem() } },
    });
    const view = renderAdd();
    expect(await view.finish({ kind: 'inProject', name: 'Salon' }, true)).toBe(true);
    await findSnackbar('Initialisation de la passerelle lancée.');
    expect(snackbarTexts()).not.toContain('Passerelle ajoutée à votre compte.');
    expect(server.requests.map((r) => r.path)).toEqual([`/api/gateway/init/${MAC}`]);
  });

  it('a failed create answers false, does not initialise, shows the code and refreshes', async () => {
    const server = stubFetch({
      'POST /api/gateway/create': errorReply(409, 'gatewayAlreadyAdded'),
    });
    const view = renderAdd();
    expect(await view.finish({ kind: 'claim', suggestedName: 'x' }, true)).toBe(false);
    expect((await findSnackbar('Cette passerelle est déjà ajoutée.')).variant).toBe('error');
    expect(server.sent('GET', `/api/gateway/init/${MAC}`)).toEqual([]);
    expect(view.invalidated()).toBe(true);
  });

  it('a failed initialisation still answers true (the gateway was added) with initError', async () => {
    stubFetch({
      'POST /api/gateway/create': { body: { gateway: gatewayItem() } },
      [`GET /api/gateway/init/${MAC}`]: errorReply(504, 'gatewayTimeout'),
    });
    const view = renderAdd();
    expect(await view.finish({ kind: 'claim', suggestedName: 'x' }, true)).toBe(true);
    await findSnackbar("Erreur lors de l'initialisation de la passerelle.");
  });

  it('the lookup gives null after a warning for gwNotWaiting, an error for other codes', async () => {
    const server = stubFetch({ 'GET /api/gateway/waiting': errorReply(404, 'gwNotWaiting') });
    const view = renderAdd();
    let reply: unknown = 'unset';
    await act(async () => {
      reply = await view.result.current.lookup(MAC, SN);
    });
    expect(reply).toBeNull();
    expect(server.sent('GET', '/api/gateway/waiting')[0]?.query).toEqual({ mac: MAC, sn: SN });
    expect((await findSnackbar("Cette passerelle n'est pas en attente d'ajout.")).variant).toBe(
      'warning',
    );

    server.on('GET', '/api/gateway/waiting', errorReply(409, 'gatewayAlreadyAdded'));
    await act(async () => {
      reply = await view.result.current.lookup(MAC, SN);
    });
    expect(reply).toBeNull();
    expect((await findSnackbar('Cette passerelle est déjà ajoutée.')).variant).toBe('error');
  });
});
