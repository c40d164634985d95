import { describe, expect, it } from 'vitest';
import { GatewayStateWriter } from './gateway-state-writer';
import type { GatewayPatch } from '../../../lib/tenancy/gateway-state.repository';
import type { HubRepository } from '../hub.repository';

function recorder() {
  const writes: { patches: Map<string, GatewayPatch>; bump: (string | null)[] }[] = [];
  const repo = {
    applyPatches: (patches: Map<string, GatewayPatch>, bump: (string | null)[]) => {
      writes.push({ patches, bump });
      return Promise.resolve();
    },
  } as unknown as HubRepository;
  return { writes, writer: new GatewayStateWriter(repo, { error: () => {} }, 10_000) };
}

describe('GatewayStateWriter', () => {
  it('coalesces a gateway’s patches into one write', async () => {
    const { writes, writer } = recorder();
    writer.put('aa', 't1', { volt: 29 });
    writer.put('aa', 't1', { volt: 30, busload: 4 });
    await writer.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.patches.get('aa')).toEqual({ volt: 30, busload: 4 });
  });

  it('bumps the team only when a column the tables show changes, not for every info', async () => {
    const { writes, writer } = recorder();
    writer.put('aa', 't1', { protect: 0, volt: 29 });
    await writer.flush();
    writer.put('aa', 't1', { protect: 0, volt: 28 }); // the next info: same protection
    await writer.flush();
    writer.put('aa', 't1', { protect: 1, volt: 28 });
    await writer.flush();
    expect(writes.map((w) => w.bump)).toEqual([['t1'], [], ['t1']]);
  });

  it('writes a patch again after a failed transaction, under what arrived since, and gives up after three failures', async () => {
    const writes: Map<string, GatewayPatch>[] = [];
    let failures = 0;
    const repo = {
      applyPatches: (patches: Map<string, GatewayPatch>) => {
        writes.push(new Map(patches));
        return failures-- > 0
          ? Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }))
          : Promise.resolve();
      },
    } as unknown as HubRepository;
    const logged: string[] = [];
    const writer = new GatewayStateWriter(repo, { error: (_o, m) => logged.push(m) }, 10_000);
    failures = 1;
    writer.put('aa', 't1', { online: 1, volt: 29 });
    await writer.flush(); // fails: nothing written
    writer.put('aa', 't1', { volt: 30 });
    await writer.flush();
    expect(writes.map((w) => w.get('aa'))).toEqual([
      { online: 1, volt: 29 },
      { online: 1, volt: 30 }, // the presence kept, the newer voltage won
    ]);
    expect(logged).toEqual(['gateway state write failed, retrying']);

    failures = 3;
    writer.put('bb', 't1', { online: 0 });
    for (let i = 0; i < 4; i++) await writer.flush();
    expect(writes.slice(2).map((w) => w.get('bb'))).toEqual([
      { online: 0 },
      { online: 0 },
      { online: 0 },
    ]);
    expect(logged.slice(1)).toEqual([
      'gateway state write failed, retrying',
      'gateway state write failed, retrying',
      'gateway state write failed, given up',
    ]);
  });
});
