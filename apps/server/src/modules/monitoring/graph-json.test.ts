import { describe, expect, it } from 'vitest';
import { graphReply, type GraphReply } from '@atrium/contracts/graph';
import { pointsJson } from '../../lib/points-json';
import { graphReplyBody, graphReplyJson } from './graph-json';

/** What the route wrote before decision 0038: the contract's schema, then JSON.stringify. */
const bySchema = (reply: GraphReply) => JSON.stringify(graphReply.parse(reply));

describe('graph reply JSON', () => {
  it('is byte for byte what the schema would write', () => {
    const values = [
      0,
      -0,
      5,
      20.1,
      0.1 + 0.2,
      1 / 3,
      -1.5e-7,
      1e21,
      123456789012345680000,
      2 ** 53 + 2,
    ];
    const reply: GraphReply = {
      precision: '1d',
      data: [
        {
          address: '1/1/1',
          mac: '00112233aabb',
          name: 'Salle "A" – étage\\1 \u2028 😀',
          dpt: '9.001',
          unit: '°C',
          isBool: false,
          list: values.map((y, i) => ({ x: 1_700_000_000_000 + i * 3_600_000, y })),
        },
        {
          address: 'voltage',
          mac: '00112233aabc',
          name: 'GW',
          dpt: null,
          unit: 'V',
          isBool: false,
          list: [],
        },
        {
          address: '1/1/3',
          mac: '00112233aabb',
          name: '',
          dpt: '1.001',
          unit: '',
          isBool: true,
          list: [{ x: 0, y: 1 }],
        },
      ],
    };
    expect(graphReplyJson(reply)).toBe(bySchema(reply));
    expect(graphReplyBody(reply).toString('utf8')).toBe(bySchema(reply));
    const empty: GraphReply = {
      precision: '1m',
      data: [{ ...reply.data[1]!, list: [] }],
      code: 'noData',
    };
    expect(graphReplyJson(empty)).toBe(bySchema(empty));
  });

  it('writes a list that is already JSON text as it is, the rest as the schema would', () => {
    const list = [
      { x: 1, y: 0.1 + 0.2 },
      { x: 2, y: 1e21 },
    ];
    const series = {
      address: '1/1/1',
      mac: '00112233aabb',
      name: 'Séjour',
      dpt: '9.001',
      unit: '°C',
      isBool: false,
    };
    const text = graphReplyJson({
      precision: '1d',
      data: [{ ...series, list: pointsJson(list) }],
    });
    expect(text).toBe(bySchema({ precision: '1d', data: [{ ...series, list }] }));
    const noData = graphReplyJson({
      precision: '1d',
      data: [{ ...series, list: '[]' }],
      code: 'noData',
    });
    expect(noData).toBe(
      bySchema({ precision: '1d', data: [{ ...series, list: [] }], code: 'noData' }),
    );
  });

  it('keeps the contract keys only, in its order', () => {
    const extra = {
      code: undefined,
      data: [
        {
          list: [{ y: 2, x: 1, extra: 3 }],
          isBool: false,
          unit: 'V',
          dpt: null,
          name: 'n',
          mac: 'm',
          address: 'a',
          key: { projectId: 'p' },
        },
      ],
      precision: '1h',
    } as unknown as GraphReply;
    expect(graphReplyJson(extra)).toBe(bySchema(extra));
  });
});
