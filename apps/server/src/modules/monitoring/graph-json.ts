import type { GraphReply, GraphSeries } from '@atrium/contracts/graph';

type GraphPoint = GraphSeries['list'][number];

const json = JSON.stringify;
/** A number as JSON.stringify writes it (non-finite numbers become null). */
const num = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

function pointsJson(list: readonly GraphPoint[]): string {
  const parts = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) {
    const p = list[i] as GraphPoint;
    parts[i] = '{"x":' + num(p.x) + ',"y":' + num(p.y) + '}';
  }
  return '[' + parts.join(',') + ']';
}

/**
 * The graph reply as JSON, byte for byte what the contract's schema would write
 * (its keys, in its order, nothing else), without checking every point against it
 * nor building the generic JSON of 36,000 small objects: the reply of a year × 100
 * addresses is written about twice as fast (decision 0038).
 */
export function graphReplyJson(reply: GraphReply): string {
  const data = reply.data.map(
    (s) =>
      `{"address":${json(s.address)},"mac":${json(s.mac)},"name":${json(s.name)},` +
      `"dpt":${json(s.dpt)},"unit":${json(s.unit)},"isBool":${json(s.isBool)},` +
      `"list":${pointsJson(s.list)}}`,
  );
  const code = reply.code === undefined ? '' : `,"code":${json(reply.code)}`;
  return `{"precision":${json(reply.precision)},"data":[${data.join(',')}]${code}}`;
}
