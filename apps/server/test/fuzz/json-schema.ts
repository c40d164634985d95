import { z } from 'zod';

/** The part of JSON Schema that the server's OpenAPI document uses for parameters and bodies. */
export interface JsonSchema {
  type?: string | string[] | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  additionalProperties?: unknown;
  items?: JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  enum?: (string | number | boolean | null)[] | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  nullable?: boolean | undefined;
  format?: string | undefined;
}

export const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.unknown().optional(),
    items: jsonSchema.optional(),
    anyOf: z.array(jsonSchema).optional(),
    enum: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    nullable: z.boolean().optional(),
    format: z.string().optional(),
  }),
);

/** The schema's main type: the first non-null one, or what its keywords imply. */
export function typeOf(s: JsonSchema): string {
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const first = types.find((t) => t !== 'null');
  if (first) return first;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  if (s.enum) return typeof s.enum[0];
  return 'string';
}
