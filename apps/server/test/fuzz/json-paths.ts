import type { JsonSchema } from './json-schema';
import { isObject, type Json } from './json-text';

export type JsonPath = (string | number)[];

/** A node of a body and the schema that describes it (when the schema goes that deep). */
export interface JsonNode {
  path: JsonPath;
  value: Json;
  schema: JsonSchema | undefined;
}

/** Every node of the value, the root first. */
export function nodesOf(
  value: Json,
  schema: JsonSchema | undefined,
  path: JsonPath = [],
): JsonNode[] {
  const nodes: JsonNode[] = [{ path, value, schema }];
  if (Array.isArray(value)) {
    value.forEach((item, i) => nodes.push(...nodesOf(item, schema?.items, [...path, i])));
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      nodes.push(...nodesOf(v, schema?.properties?.[k], [...path, k]));
    }
  }
  return nodes;
}

/** A copy of `root` with the node at `path` replaced (or, with `undefined`, removed). */
export function setAt(root: Json, path: JsonPath, next: Json | undefined): Json | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...root];
    const child = setAt(root[head] ?? null, rest, next);
    if (child === undefined) copy.splice(head, 1);
    else copy[head] = child;
    return copy;
  }
  if (isObject(root) && typeof head === 'string') {
    const copy: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(root)) if (k !== head) defineField(copy, k, v);
    const child = setAt(root[head] ?? null, rest, next);
    if (child !== undefined) defineField(copy, head, child);
    return copy;
  }
  return root;
}

/** Sets an own field, even one named `__proto__` (a plain assignment would set the prototype). */
export function defineField(obj: { [key: string]: Json }, key: string, value: Json) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
