import { defineField, nodesOf, setAt } from './json-paths';
import { deepNesting, isObject, toJsonText, type Json } from './json-text';
import type { Mutation } from './mutation';
import type { Rng } from './prng';
import type { RequestParts } from './request-parts';

export const DEEP = 10_000;
const OVER_LIMIT_BYTES = 1_200_000;

const jsonBody = (p: RequestParts) => (p.body.kind === 'json' ? p.body.value : undefined);
const hasJson = (p: RequestParts) => p.body.kind === 'json';
const withJson = (p: RequestParts, value: Json): RequestParts =>
  p.body.kind === 'json' ? { ...p, body: { ...p.body, value } } : p;
const raw = (p: RequestParts, contentType: string | undefined, bytes: string): RequestParts => ({
  ...p,
  body: { kind: 'raw', contentType, bytes },
});

const objectNodes = (p: RequestParts) =>
  p.route.body?.kind === 'json' && p.body.kind === 'json'
    ? nodesOf(p.body.value, p.route.body.schema).filter((n) => isObject(n.value))
    : [];

const missingRequired: Mutation = {
  name: 'missingRequired',
  applies: (p) => objectNodes(p).some((n) => n.schema?.required?.length),
  apply(p, rng) {
    const node = rng.pick(objectNodes(p).filter((n) => n.schema?.required?.length));
    const field = rng.pick(node.schema?.required ?? ['']);
    return {
      parts: withJson(p, setAt(jsonBody(p) ?? null, [...node.path, field], undefined) ?? null),
      detail: `without ${JSON.stringify([...node.path, field])}`,
    };
  },
};

const EXTRA_KEYS = [
  'extra',
  '__proto__',
  'constructor',
  'prototype',
  '',
  '\u0000',
  'k'.repeat(10_000),
];

const extraField: Mutation = {
  name: 'extraField',
  applies: (p) => objectNodes(p).length > 0,
  apply(p, rng) {
    const node = rng.pick(objectNodes(p));
    const key = rng.pick(EXTRA_KEYS);
    const obj = { ...(isObject(node.value) ? node.value : {}) };
    defineField(obj, key, rng.pick<Json>([1, 'x', { isAdmin: true }, null]));
    return {
      parts: withJson(p, setAt(jsonBody(p) ?? null, node.path, obj) ?? null),
      detail: `extra field ${JSON.stringify(key.slice(0, 20))} at ${JSON.stringify(node.path)}`,
    };
  },
};

/** Arrays where objects are expected and the reverse, anywhere in the body. */
const swapShape: Mutation = {
  name: 'swapShape',
  applies: hasJson,
  apply(p, rng) {
    const schema = p.route.body?.kind === 'json' ? p.route.body.schema : undefined;
    const node = rng.pick(nodesOf(jsonBody(p) ?? null, schema));
    const v = node.value;
    const next: Json = Array.isArray(v)
      ? Object.fromEntries(v.map((x, i) => [String(i), x]))
      : isObject(v)
        ? [v]
        : [v, v];
    return {
      parts: withJson(p, setAt(jsonBody(p) ?? null, node.path, next) ?? null),
      detail: `${Array.isArray(v) ? 'object for array' : 'array for value'} at ${JSON.stringify(node.path)}`,
    };
  },
};

const deepNest: Mutation = {
  name: 'deepNesting',
  applies: (p) => p.route.method !== 'GET',
  apply(p, rng) {
    const kind = rng.pick(['array', 'object'] as const);
    const deep = deepNesting(DEEP, kind);
    const schema = p.route.body?.kind === 'json' ? p.route.body.schema : undefined;
    const node = hasJson(p) ? rng.pick(nodesOf(jsonBody(p) ?? null, schema)) : { path: [] };
    const value = setAt(jsonBody(p) ?? null, node.path, deep) ?? deep;
    return {
      parts: raw(p, 'application/json', toJsonText(value)),
      detail: `${DEEP}-deep ${kind}s at ${JSON.stringify(node.path)}`,
    };
  },
};

/** Bodies that are not the JSON they claim to be, or no body at all. */
function brokenTexts(p: RequestParts, rng: Rng): [string, string][] {
  const text = toJsonText(jsonBody(p) ?? {});
  return [
    ['empty body', ''],
    ['truncated JSON', text.slice(0, rng.int(0, Math.max(0, text.length - 1)))],
    ['trailing comma', text.replace(/}$/, ',}')],
    ['single quotes', text.replace(/"/g, "'")],
    ['BOM first', `\uFEFF${text}`],
    ['a comment', `/* x */${text}`],
    ['two documents', `${text}${text}`],
    ['NaN literal', '{"a":NaN}'],
    ['null', 'null'],
    ['a number', '-1e999'],
    ['a string', '"\\ud800"'],
    ['bare array', '[]'],
    ['duplicate keys', text.replace(/^\{/, '{"a":1,"a":2,')],
    ['over the body limit', `{"a":"${'x'.repeat(OVER_LIMIT_BYTES)}"}`],
  ];
}

const brokenJson: Mutation = {
  name: 'brokenJson',
  applies: (p) => p.route.method !== 'GET',
  apply(p, rng) {
    const [what, text] = rng.pick(brokenTexts(p, rng));
    return { parts: raw(p, 'application/json', text), detail: what };
  },
};

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16le',
  'application/json; charset=nope',
  'application/vnd.api+json',
  'application/octet-stream',
  ';;;',
];

const wrongContentType: Mutation = {
  name: 'wrongContentType',
  applies: (p) => p.route.method !== 'GET',
  apply(p, rng) {
    const type = rng.pick(CONTENT_TYPES);
    const text = p.body.kind === 'raw' ? p.body.bytes.toString() : toJsonText(jsonBody(p) ?? {});
    const noType = rng.chance(0.15);
    return {
      parts: raw(p, noType ? undefined : type, text),
      detail: noType ? 'body without content type' : `content-type ${type}`,
    };
  },
};

export const BODY_MUTATIONS: Mutation[] = [
  missingRequired,
  extraField,
  swapShape,
  deepNest,
  brokenJson,
  wrongContentType,
];
