import { describe, expect, it } from 'vitest';
import { GatewayDirectory } from './gateway-directory';
import type { GatewayIdentity } from '../hub.repository';

const identity = (mac: string, projectId: string | null): GatewayIdentity => ({
  id: `id-${mac}`,
  mac,
  type: 'kloudnx',
  virtual: false,
  version: '8.5.0',
  projectId,
  teamId: 't1',
  secretHash: 'h',
  pendingInit: false,
  waiting: { update: false, modbus: false, monitored: false },
});

/** A repository over a map of rows, counting the queries it answers. */
function fakeRepo(rows: Map<string, GatewayIdentity>) {
  const calls = { single: 0, bulk: [] as string[][], arriving: [] as string[][] };
  let failNext = false;
  return {
    calls,
    failOnce: () => (failNext = true),
    /** `single` counts the reads of misses; `arriving` keeps what each read asked. */
    arrivingIdentities: (macs: string[]) => {
      calls.single++;
      calls.arriving.push(macs);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('database gone'));
      }
      return Promise.resolve(macs.flatMap((m) => rows.get(m) ?? []));
    },
    /** As the real bulk read: a new object per row, without `waiting`. */
    identities: (macs: string[]) => {
      calls.bulk.push(macs);
      return Promise.resolve(
        macs.flatMap((m) => {
          const row = rows.get(m);
          if (!row) return [];
          const read = { ...row };
          delete read.waiting;
          return [read];
        }),
      );
    },
  };
}

describe('GatewayDirectory', () => {
  it('reads the logins of one turn in one query, each as the row is now, and keeps none', async () => {
    const rows = new Map([
      ['aa', identity('aa', 'p1')],
      ['bb', identity('bb', 'p1')],
    ]);
    const repo = fakeRepo(rows);
    const dir = new GatewayDirectory(repo);
    const [a, b, again, unknown] = await Promise.all([
      dir.read('aa'),
      dir.read('bb'),
      dir.read('aa'),
      dir.read('zz'),
    ]);
    expect([a?.mac, b?.mac, again?.mac, unknown]).toEqual(['aa', 'bb', 'aa', undefined]);
    expect(repo.calls.arriving).toEqual([['aa', 'bb', 'zz']]);
    rows.set('aa', { ...identity('aa', 'p1'), secretHash: 'new' });
    expect((await dir.read('aa'))?.secretHash).toBe('new'); // read again, not from memory
    await dir.lookup('zz'); // an unknown MAC that tried to log in left nothing behind
    expect(repo.calls.arriving).toEqual([['aa', 'bb', 'zz'], ['aa'], ['zz']]);
  });

  it('fails the logins of a read that fails, and reads them again next time', async () => {
    const repo = fakeRepo(new Map([['aa', identity('aa', 'p1')]]));
    const dir = new GatewayDirectory(repo);
    repo.failOnce();
    await expect(dir.read('aa')).rejects.toThrow('database gone');
    expect((await dir.read('aa'))?.mac).toBe('aa');
  });

  it('reads a gateway once, then answers from memory until its entry is stale', async () => {
    const rows = new Map([['aa', identity('aa', 'p1')]]);
    const repo = fakeRepo(rows);
    let now = 0;
    const dir = new GatewayDirectory(repo, 10_000, () => now);
    expect((await dir.lookup('aa'))?.projectId).toBe('p1');
    now = 9_000;
    await dir.lookup('aa');
    expect(repo.calls).toEqual({ single: 1, bulk: [], arriving: [['aa']] });
  });

  it('answers a stale entry at once and refreshes every stale entry in one bulk read', async () => {
    const rows = new Map([
      ['aa', identity('aa', 'p1')],
      ['bb', identity('bb', 'p1')],
      ['cc', identity('cc', 'p1')],
    ]);
    const repo = fakeRepo(rows);
    let now = 0;
    const dir = new GatewayDirectory(repo, 10_000, () => now);
    await Promise.all(['aa', 'bb', 'cc'].map((m) => dir.lookup(m)));
    expect(repo.calls.arriving).toEqual([['aa', 'bb', 'cc']]);
    // Elsewhere: aa moves to p2, bb is deleted.
    rows.set('aa', identity('aa', 'p2'));
    rows.delete('bb');
    now = 10_000;
    expect((await dir.lookup('aa'))?.projectId).toBe('p1'); // the stale answer, no waiting
    await dir.settled();
    expect(repo.calls.bulk).toEqual([['aa', 'bb', 'cc']]);
    expect((await dir.lookup('aa'))?.projectId).toBe('p2');
    expect(await dir.lookup('bb')).toBeUndefined();
    expect(repo.calls.single).toBe(1);
  });

  it('keeps the identity a refresh read again unchanged, and replaces a changed one', async () => {
    const rows = new Map([['aa', identity('aa', 'p1')]]);
    const repo = fakeRepo(rows);
    let now = 0;
    const dir = new GatewayDirectory(repo, 10_000, () => now);
    const arrived = await dir.lookup('aa');
    expect(arrived?.waiting).toBeDefined();
    const refreshed = async (at: number) => {
      now = at;
      await dir.lookup('aa');
      await dir.settled();
      return dir.lookup('aa');
    };
    // The first refresh replaces the arrival's identity: its `waiting` would be stale.
    const first = await refreshed(10_000);
    expect(first).not.toBe(arrived);
    expect(first?.waiting).toBeUndefined();
    // Unchanged: the same object, its time renewed (no new refresh before the next ttl).
    expect(await refreshed(20_000)).toBe(first);
    now = 29_000;
    await dir.lookup('aa');
    expect(repo.calls.bulk).toHaveLength(2);
    // Changed elsewhere, then gone: replaced.
    rows.set('aa', { ...identity('aa', 'p1'), version: '8.6.0' });
    const updated = await refreshed(30_000);
    expect(updated).not.toBe(first);
    expect(updated?.version).toBe('8.6.0');
    rows.delete('aa');
    expect(await refreshed(40_000)).toBeUndefined();
    expect(repo.calls.bulk).toHaveLength(4);
  });

  it('keeps a primed or forgotten entry newer than a refresh that was under way', async () => {
    const rows = new Map([['aa', identity('aa', 'p1')]]);
    const repo = fakeRepo(rows);
    let now = 0;
    const dir = new GatewayDirectory(repo, 10_000, () => now);
    await dir.lookup('aa');
    now = 20_000;
    void dir.lookup('aa'); // starts the refresh (it reads p1)
    dir.prime(identity('aa', 'p3'));
    await dir.settled();
    expect((await dir.lookup('aa'))?.projectId).toBe('p3');
    dir.forget('aa');
    expect((await dir.lookup('aa'))?.projectId).toBe('p1');
    expect(repo.calls.single).toBe(2);
  });

  it("reads a cold start's misses together: one query per 500, each lookup its own row", async () => {
    const macs = Array.from({ length: 1_200 }, (_, i) => `m${String(i).padStart(4, '0')}`);
    const rows = new Map(macs.filter((_, i) => i % 3).map((m) => [m, identity(m, 'p1')]));
    const repo = fakeRepo(rows);
    const dir = new GatewayDirectory(repo);
    const found = await Promise.all(macs.map((m) => dir.lookup(m)));
    expect(repo.calls.arriving.map((chunk) => chunk.length)).toEqual([500, 500, 200]);
    expect(found.map((gw) => gw?.mac ?? null)).toEqual(macs.map((m, i) => (i % 3 ? m : null)));
    // Forgotten before its read: the lookup after it waits for the same read.
    dir.forget('m0001');
    const a = dir.lookup('m0001');
    dir.forget('m0001');
    const b = dir.lookup('m0001');
    expect(await a).toBe(await b);
    expect(repo.calls.arriving.at(-1)).toEqual(['m0001']);
  });

  it('fails the lookups of a failed read and reads them again next time', async () => {
    const repo = fakeRepo(new Map([['aa', identity('aa', 'p1')]]));
    const dir = new GatewayDirectory(repo);
    repo.failOnce();
    const failed = await Promise.allSettled([dir.lookup('aa'), dir.lookup('bb')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await dir.lookup('aa'))?.projectId).toBe('p1');
    expect(repo.calls.arriving).toEqual([['aa', 'bb'], ['aa']]);
  });
});
