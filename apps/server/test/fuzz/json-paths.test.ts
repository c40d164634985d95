import { describe, expect, it } from 'vitest';
import { defineField, nodesOf, setAt } from './json-paths';
import { deepNesting, toJsonText, RawJson, type Json } from './json-text';

describe('json paths', () => {
  const body = { macs: ['a', 'b'], name: 'x' };
  const schema = {
    type: 'object',
    properties: { macs: { type: 'array', items: { type: 'string' } }, name: { type: 'string' } },
  };

  it('lists every node with the schema that describes it', () => {
    const nodes = nodesOf(body, schema);
    expect(nodes.map((n) => n.path)).toEqual([[], ['macs'], ['macs', 0], ['macs', 1], ['name']]);
    expect(nodes[2]?.schema).toEqual({ type: 'string' });
  });

  it('replaces and removes nodes without touching the original', () => {
    expect(setAt(body, ['macs', 1], 42)).toEqual({ macs: ['a', 42], name: 'x' });
    expect(setAt(body, ['name'], undefined)).toEqual({ macs: ['a', 'b'] });
    expect(setAt(body, ['macs', 0], undefined)).toEqual({ macs: ['b'], name: 'x' });
    expect(body).toEqual({ macs: ['a', 'b'], name: 'x' });
  });

  it('writes a __proto__ field as data, not as the prototype', () => {
    const obj: { [key: string]: Json } = {};
    defineField(obj, '__proto__', { admin: true });
    expect(toJsonText(obj)).toBe('{"__proto__":{"admin":true}}');
  });
});

describe('json text', () => {
  it('writes raw tokens as they are', () => {
    expect(toJsonText({ n: new RawJson('1e999') })).toBe('{"n":1e999}');
  });

  it('nests 10,000 levels as valid JSON', () => {
    for (const kind of ['array', 'object'] as const) {
      const text = toJsonText(deepNesting(10_000, kind));
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(text.length).toBeGreaterThanOrEqual(20_000);
    }
  });
});
