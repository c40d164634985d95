/** JSON text inserted as is: tokens JSON.stringify cannot write (1e999, NaN) or too deep for it. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

export const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawJson);

/** Serializes a value, raw parts included. */
export function toJsonText(v: Json): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(',')}]`;
  if (isObject(v)) {
    const fields = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJsonText(x)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(v);
}

/** `depth` nested arrays (`[[[...]]]`) or objects (`{"a":{"a":...}}`), as text. */
export function deepNesting(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson('['.repeat(depth) + ']'.repeat(depth))
    : new RawJson('{"a":'.repeat(depth) + '{}' + '}'.repeat(depth));
}

/** A value as URL text: strings as they are, raw JSON as its text, anything else as JSON. */
export const paramText = (v: Json): string =>
  typeof v === 'string' ? v : v instanceof RawJson ? v.text : toJsonText(v);
