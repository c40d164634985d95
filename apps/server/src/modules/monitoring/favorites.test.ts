import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { call, monitoringTeam } from './monitoring.testing';

let t: TestServer;
let team: Awaited<ReturnType<typeof monitoringTeam>>;
beforeAll(async () => {
  t = await startTestServer();
  team = await monitoringTeam(t.app);
});
afterAll(() => t.close());

const url = (action: string) =>
  `/api/project/timeseries/favorites/${action ? `${action}/` : ''}${team.project.id}`;
const add = (favorites: object, overwrite?: boolean, user = team.owner) =>
  call(t.app, user, 'POST', url('add'), {
    favorites,
    ...(overwrite === undefined ? {} : { overwrite }),
  });

describe('graph favorites', () => {
  it('saves, lists, overwrites on request, and removes', async () => {
    const first = await add({
      name: ' Heating ',
      list: ['1/1/1', 'voltage', '1/1/1'],
      display: 'Living, voltage',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      favorites: [{ name: 'Heating', list: ['1/1/1', 'voltage'], display: 'Living, voltage' }],
    });
    const clash = await add({ name: 'Heating', list: ['1/1/2'], display: 'Kitchen' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'favoriteAlreadyExists' });
    const replaced = await add({ name: 'Heating', list: ['1/1/2'], display: 'Kitchen' }, true);
    expect(replaced.json()).toEqual({
      favorites: [{ name: 'Heating', list: ['1/1/2'], display: 'Kitchen' }],
    });
    await add({ name: 'Boiler', list: ['1/1/3'], display: '' });

    const list = await call(t.app, team.viewer, 'GET', url(''));
    expect(list.json<{ favorites: { name: string }[] }>().favorites.map((f) => f.name)).toEqual([
      'Boiler',
      'Heating',
    ]);
    const removed = await call(t.app, team.owner, 'POST', url('remove'), { favorite: 'Boiler' });
    expect(removed.json<{ favorites: unknown[] }>().favorites).toHaveLength(1);
    const again = await call(t.app, team.owner, 'POST', url('remove'), { favorite: 'Boiler' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'favoriteNotFound' });
  });

  it('needs a name and an address (nameNotChosen, noAddressSelected)', async () => {
    expect((await add({ name: '  ', list: ['1/1/1'], display: '' })).json()).toMatchObject({
      code: 'nameNotChosen',
    });
    expect((await add({ name: 'Empty', list: [], display: '' })).json()).toMatchObject({
      code: 'noAddressSelected',
    });
    expect((await add({ name: 'Bad', list: ['x'.repeat(81)], display: '' })).statusCode).toBe(400);
  });

  it('lets viewers read but not change them', async () => {
    expect(
      (await add({ name: 'V', list: ['1/1/1'], display: '' }, false, team.viewer)).statusCode,
    ).toBe(403);
    const remove = await call(t.app, team.viewer, 'POST', url('remove'), { favorite: 'Heating' });
    expect(remove.statusCode).toBe(403);
    const other = await monitoringTeam(t.app);
    expect((await call(t.app, other.owner, 'GET', url(''))).statusCode).toBe(404);
  });
});
