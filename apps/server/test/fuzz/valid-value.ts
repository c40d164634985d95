import { typeOf, type JsonSchema } from './json-schema';
import type { Json } from './json-text';
import { exampleFor, plausibleString, type KnownValues } from './known-values';
import type { Rng } from './prng';

/** Where a value goes: its field (or parameter) name and the route, which give plausible values. */
export interface ValueContext {
  name: string;
  route: string;
  known: KnownValues;
  rng: Rng;
}

function fitLength(s: string, schema: JsonSchema): string {
  const cut = s.slice(0, schema.maxLength ?? s.length);
  return cut.padEnd(schema.minLength ?? 0, 'x');
}

function validString(schema: JsonSchema, ctx: ValueContext): string {
  const plausible = plausibleString(ctx.name, ctx.route, ctx.known, ctx.rng);
  if (plausible !== undefined) return fitLength(plausible, schema);
  if (schema.pattern) return exampleFor(schema.pattern);
  return fitLength(`fuzz${ctx.rng.int(0, 999)}`, schema);
}

function validNumber(schema: JsonSchema, ctx: ValueContext): number {
  if (ctx.name === 'start') return 0;
  if (ctx.name === 'stop') return 86_400_000;
  const min = Math.max(schema.minimum ?? 0, -1e6);
  const max = Math.min(schema.maximum ?? 100, 1e6);
  return ctx.rng.int(Math.ceil(min), Math.floor(max));
}

function validObject(schema: JsonSchema, ctx: ValueContext): { [key: string]: Json } {
  const required = new Set(schema.required ?? []);
  const out: { [key: string]: Json } = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (required.has(name) || ctx.rng.chance(0.5)) out[name] = validValue(prop, { ...ctx, name });
  }
  return out;
}

/** A value the schema accepts, with real ids and plausible content where the name says what it is. */
export function validValue(schema: JsonSchema, ctx: ValueContext): Json {
  if (schema.anyOf?.[0]) return validValue(schema.anyOf[0], ctx);
  if (schema.enum?.length) return ctx.rng.pick(schema.enum);
  switch (typeOf(schema)) {
    case 'object':
      return validObject(schema, ctx);
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 1, 1), schema.maxItems ?? 3);
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, ctx));
    }
    case 'integer':
    case 'number':
      return validNumber(schema, ctx);
    case 'boolean':
      return ctx.rng.chance(0.5);
    case 'null':
      return null;
    default:
      return validString(schema, ctx);
  }
}
