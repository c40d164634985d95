import { BAD_ENCODINGS, EVIL_KINDS, evilValue, type EvilKind } from './evil-values';
import { nodesOf, setAt } from './json-paths';
import { isObject, paramText, type Json } from './json-text';
import type { Mutation } from './mutation';
import type { Rng } from './prng';
import { encodeSegment, type RequestParts } from './request-parts';

type Location =
  | { in: 'path'; name: string }
  | { in: 'query'; index: number }
  | { in: 'body'; node: ReturnType<typeof nodesOf>[number] };

function locations(p: RequestParts): Location[] {
  const out: Location[] = Object.keys(p.params).map((name) => ({ in: 'path' as const, name }));
  p.query.forEach((_q, index) => out.push({ in: 'query', index }));
  if (p.body.kind === 'json' && p.route.body?.kind === 'json') {
    for (const node of nodesOf(p.body.value, p.route.body.schema).slice(1)) {
      out.push({ in: 'body', node });
    }
  }
  return out;
}

const describeLocation = (l: Location, p: RequestParts) =>
  l.in === 'path'
    ? `path {${l.name}}`
    : l.in === 'query'
      ? `query ${p.query[l.index]?.[0] ?? '?'}`
      : `body ${JSON.stringify(l.node.path)}`;

/** Query text for a value: arrays as repeated keys, objects in brackets (`a[b]=1`), as qs reads them. */
function queryPairs(key: string, v: Json): [string, string][] {
  if (Array.isArray(v)) return v.map((x) => [key, encodeSegment(paramText(x))]);
  if (isObject(v)) {
    return Object.entries(v).map(([k, x]) => [
      `${key}%5B${encodeSegment(k)}%5D`,
      encodeSegment(paramText(x)),
    ]);
  }
  return [[key, encodeSegment(paramText(v))]];
}

function withValue(p: RequestParts, l: Location, v: Json): RequestParts {
  switch (l.in) {
    case 'path': {
      return { ...p, params: { ...p.params, [l.name]: encodeSegment(paramText(v)) } };
    }
    case 'query': {
      const key = p.query[l.index]?.[0] ?? 'x';
      const query = [...p.query];
      query.splice(l.index, 1, ...queryPairs(key, v));
      return { ...p, query };
    }
    case 'body': {
      if (p.body.kind !== 'json') return p;
      return { ...p, body: { ...p.body, value: setAt(p.body.value, l.node.path, v) ?? null } };
    }
  }
}

const evilMutation = (kind: EvilKind): Mutation => ({
  name: kind,
  applies: (p) => locations(p).length > 0,
  apply(p: RequestParts, rng: Rng) {
    const at = rng.pick(locations(p));
    const v = evilValue(kind, rng);
    const shown = JSON.stringify(paramText(v));
    return {
      parts: withValue(p, at, v),
      detail: `${describeLocation(at, p)} = ${shown.length > 60 ? `${shown.slice(0, 60)}… (${shown.length} chars)` : shown}`,
    };
  },
});

const badEncoding: Mutation = {
  name: 'badEncoding',
  applies: (p) => Object.keys(p.params).length + p.query.length > 0,
  apply(p, rng) {
    const bad = rng.pick(BAD_ENCODINGS);
    const names = Object.keys(p.params);
    if (names.length && (p.query.length === 0 || rng.chance(0.5))) {
      const name = rng.pick(names);
      return {
        parts: { ...p, params: { ...p.params, [name]: bad } },
        detail: `path {${name}} = ${bad}`,
      };
    }
    const i = rng.int(0, p.query.length - 1);
    const query = p.query.map((q, j): [string, string] => (j === i ? [q[0], bad] : q));
    return { parts: { ...p, query }, detail: `query ${p.query[i]?.[0]} = ${bad}` };
  },
};

const queryShape: Mutation = {
  name: 'queryShape',
  applies: () => true,
  apply(p, rng) {
    const required = p.route.query.filter((q) => q.required);
    const choice = rng.int(0, 2);
    if (choice === 0 && required.length) {
      const drop = encodeSegment(rng.pick(required).name);
      return {
        parts: { ...p, query: p.query.filter(([k]) => k !== drop) },
        detail: `without query ${drop}`,
      };
    }
    if (choice === 1 && p.query.length) {
      const dup = rng.pick(p.query);
      return { parts: { ...p, query: [...p.query, dup] }, detail: `query ${dup[0]} twice` };
    }
    const extra: [string, string] = rng.pick([
      ['extra', '1'],
      ['__proto__%5Bx%5D', '1'],
      ['%00', '%00'],
      ['a', ''],
    ]);
    return {
      parts: { ...p, query: [...p.query, extra] },
      detail: `extra query ${extra.join('=')}`,
    };
  },
};

export const VALUE_MUTATIONS: Mutation[] = [
  ...EVIL_KINDS.map(evilMutation),
  badEncoding,
  queryShape,
];
