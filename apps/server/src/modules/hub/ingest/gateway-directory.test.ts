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
  const calls = { single: 0, bulk: [] as string[][] };
  return {
    calls,
    identity: (mac: string) => {
      calls.single++;
      return Promise.resolve(rows.get(mac));
    },
    identities: (macs: string[]) => {
      calls.bulk.push(macs);
      return Promise.resolve(macs.flatMap((m) => rows.get(m) ?? []));
    },
  };
}

describe('GatewayDirectory', () => {
  it('reads a gateway once, then answers from memory until its entry is stale', async () => {
    const rows = new Map([['aa', identity('aa', 'p1')]]);
    const repo = fakeRepo(rows);
    let now = 0;
    const dir = new GatewayDirectory(repo, 10_000, () => now);
    expect((await dir.lookup('aa'))?.projectId).toBe('p1');
    now = 9_000;
    await dir.lookup('aa');
    expect(repo.calls).toEqual({ single: 1, bulk: [] });
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
    // Elsewhere: aa moves to p2, bb is deleted.
    rows.set('aa', identity('aa', 'p2'));
    rows.delete('bb');
    now = 10_000;
    expect((await dir.lookup('aa'))?.projectId).toBe('p1'); // the stale answer, no waiting
    await dir.settled();
    expect(repo.calls.bulk).toEqual([['aa', 'bb', 'cc']]);
    expect((await dir.lookup('aa'))?.projectId).toBe('p2');
    expect(await dir.lookup('bb')).toBeUndefined();
    expect(repo.calls.single).toBe(3);
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
});
