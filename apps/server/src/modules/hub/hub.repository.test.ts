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

// A report queued before the user changed the pool type must not write the old type back
// (CI met it: pool.test.ts read 'klereo' right after choosing 'poolcop').
describe('the pool type in a gateway report', () => {
  it('fills in a type the cloud does not know, and never replaces the one it set', async () => {
    const unknown = await createGateway(t.app, { type: 'poolnx' });
    const chosen = await createGateway(t.app, { type: 'poolnx', pooltype: 'poolcop' });
    await repo.applyPatches(
      new Map([
        [unknown.mac, { pooltype: 'klereo', volt: 29 }],
        [chosen.mac, { pooltype: 'klereo', volt: 28 }],
      ]),
      [],
    );
    const rows = await t.app.db
      .selectFrom('gateways')
      .select(['mac', 'pooltype', 'volt'])
      .where('mac', 'in', [unknown.mac, chosen.mac])
      .execute();
    const byMac = new Map(rows.map((r) => [r.mac, r]));
    expect(byMac.get(unknown.mac)).toMatchObject({ pooltype: 'klereo', volt: 29 });
    expect(byMac.get(chosen.mac)).toMatchObject({ pooltype: 'poolcop', volt: 28 });
  });
});

// Two nodes behind one broker write the same gateways' state (bench/two-nodes.bench.ts met
// `deadlock detected` before the patches went in MAC order).
describe.runIf(process.env.ATRIUM_TEST_DB === 'postgres')('gateway state from two nodes', () => {
  it('locks the gateways of a batch in MAC order, so another writer in that order never deadlocks with it', async () => {
    const [first, second] = [await createGateway(t.app), await createGateway(t.app)].sort((x, y) =>
      x.mac < y.mac ? -1 : 1,
    );
    if (!first || !second) throw new Error('no gateways');
    let holdsFirst!: () => void;
    let release!: () => void;
    const [held, released] = [
      new Promise<void>((r) => (holdsFirst = r)),
      new Promise<void>((r) => (release = r)),
    ];
    // The other node: the first gateway's row, then (once the batch waits) the second's.
    const other = t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('gateways').set({ volt: 1 }).where('mac', '=', first.mac).execute();
      holdsFirst();
      await released;
      await trx.updateTable('gateways').set({ volt: 2 }).where('mac', '=', second.mac).execute();
    });
    await held;
    // A batch queued second gateway first: written in that order it would hold the second
    // row while waiting for the first, and the other writer would wait for it: a deadlock.
    const batch = repo.applyPatches(
      new Map([
        [second.mac, { volt: 3 }],
        [first.mac, { volt: 4 }],
      ]),
      [],
    );
    await new Promise((r) => setTimeout(r, 300));
    release();
    await expect(Promise.all([other, batch])).resolves.toBeDefined();
    const volts = await t.app.db
      .selectFrom('gateways')
      .select(['mac', 'volt'])
      .where('mac', 'in', [first.mac, second.mac])
      .orderBy('mac')
      .execute();
    expect(volts.map((r) => r.volt)).toEqual([4, 3]); // the batch came last
  });

  it('writes patches of several shapes in one batch, nulls included', async () => {
    const [a, b] = [await createGateway(t.app, { step: 'MAIN' }), await createGateway(t.app)];
    await repo.applyPatches(
      new Map([
        [a.mac, { online: 1, last_online: 1_700_000_000_123, step: null }],
        [b.mac, { ip: '10.0.0.9', volt: 29.5, busload: 3 }],
      ]),
      [],
    );
    const rows = await t.app.db
      .selectFrom('gateways')
      .select(['mac', 'online', 'last_online', 'step', 'ip', 'volt', 'busload'])
      .where('mac', 'in', [a.mac, b.mac])
      .execute();
    const byMac = new Map(rows.map((r) => [r.mac, r]));
    expect(byMac.get(a.mac)).toMatchObject({ online: 1, step: null, ip: a.ip });
    expect(Number(byMac.get(a.mac)?.last_online)).toBe(1_700_000_000_123);
    expect(byMac.get(b.mac)).toMatchObject({ ip: '10.0.0.9', volt: 29.5, busload: 3, online: 0 });
  });
});
