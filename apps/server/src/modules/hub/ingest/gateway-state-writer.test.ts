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
});
