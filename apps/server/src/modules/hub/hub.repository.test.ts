import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { HubRepository } from './hub.repository';

let t: TestServer;
let repo: HubRepository;
beforeAll(async () => {
  t = await startTestServer();
  repo = new HubRepository(t.app.db);
});
afterAll(() => t.close());

// With an external broker every node sees a gateway arrive: the waiting work is claimed once.
describe('work waiting for a gateway, claimed by one node', () => {
  it('gives a pending init to exactly one of several claims, and can put it back', async () => {
    const { team } = await createUser(t.app, 'manager');
    const gw = await createGateway(t.app, { team_id: team, pending_init: 1 });
    const claims = await Promise.all([1, 2, 3].map(() => repo.claimPendingInit(gw.id, team)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimPendingInit(gw.id, team, true)).toBe(true); // the init failed
    expect(await repo.claimPendingInit(gw.id, team)).toBe(true);
  });

  it('hands a queued update to exactly one taker', async () => {
    const { team } = await createUser(t.app, 'manager');
    const gw = await createGateway(t.app, { team_id: team });
    await repo.setPendingUpdate(gw.id, '8.6.0', 'MAIN');
    const taken = await Promise.all([1, 2, 3].map(() => repo.takePendingUpdate(gw.id)));
    expect(taken.filter(Boolean)).toEqual([{ version: '8.6.0', branch: 'MAIN' }]);
  });

  it('reads the identities of many gateways in one query, skipping unknown MACs', async () => {
    const a = await createGateway(t.app);
    const b = await createGateway(t.app);
    const found = await repo.identities([a.mac, 'ffffffffffff', b.mac]);
    expect(found.map((g) => g.mac).sort()).toEqual([a.mac, b.mac].sort());
  });
});
