import { describe, expect, it } from 'vitest';
import type { GraphQuery } from '@atrium/contracts/graph';
import { AppError } from '../../lib/errors';
import { WorkGate } from '../../lib/work-gate';
import { GRAPH_READS, GraphService, type GraphDeps } from './graph.service';

const MAC = '00000000beef';

/** A graph service over a store whose reads wait until released, counting those under way. */
function slowGraphs(reads?: WorkGate) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const seen = { active: 0, most: 0, asked: 0 };
  const deps: GraphDeps = {
    gateways: { listByProject: async () => [{ mac: MAC, name: 'gw' }] as never },
    monitored: {
      listProject: async () =>
        [{ address: '1/1/1', gateway_mac: MAC, name: 'Room', dpt: '9.001' }] as never,
    },
    store: {
      findSeriesOfProject: async (_p, keys) => keys.map((_k, i) => i + 1),
      queryJson: async (input) => {
        seen.asked++;
        seen.most = Math.max(seen.most, ++seen.active);
        await released;
        seen.active--;
        const series = input.seriesIds.map((seriesId) => ({ seriesId, json: '[{"x":0,"y":1}]' }));
        return { precision: '1h' as const, series };
      },
    },
    ...(reads ? { reads } : {}),
  };
  return { graph: new GraphService(deps), seen, release };
}

const ask: GraphQuery = {
  measurements: ['1/1/1'],
  start: 0,
  stop: 86_400_000,
  window: 'auto',
  aggregation: 'mean',
};

describe('graph reads of one node (decision 0053)', () => {
  it('reads GRAPH_READS.running graphs at once, queues the next, refuses the rest at once', async () => {
    const { graph, seen, release } = slowGraphs();
    const inLine = GRAPH_READS.running + GRAPH_READS.waiting;
    const queries = Array.from({ length: inLine }, () => graph.query('p', ask));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.asked).toBe(GRAPH_READS.running);
    const refused = await graph.query('p', ask).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('rateLimited');
    release();
    const replies = await Promise.all(queries);
    expect(replies).toHaveLength(inLine);
    expect(replies.every((r) => r.data[0]?.list === '[{"x":0,"y":1}]')).toBe(true);
    expect(seen).toMatchObject({ asked: inLine, most: GRAPH_READS.running, active: 0 });
    // Room again once the line is empty.
    expect((await graph.query('p', ask)).data).toHaveLength(1);
  });

  it('answers what it can tell without a read even when the line is full', async () => {
    const { graph, release } = slowGraphs(new WorkGate(1, 0));
    const first = graph.query('p', ask);
    await expect(graph.query('p', { ...ask, measurements: ['1/1/9'] })).rejects.toMatchObject({
      code: 'cannotFindAddress',
    });
    await expect(graph.query('p', ask)).rejects.toMatchObject({ code: 'rateLimited' });
    release();
    await first;
  });
});
