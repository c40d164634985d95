import { z } from 'zod';
import { jsonSchema, type JsonSchema } from './json-schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** What a file route expects in its `file` part. */
export type FileKind = 'gatewaysCsv' | 'licencesCsv' | 'etsXml' | 'binary';

export type BodySpec =
  { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; field: string; file: FileKind };

/** One operation of the OpenAPI document, in the form the generator needs. */
export interface RouteSpec {
  method: Method;
  /** The OpenAPI path, with `{name}` parameters. */
  path: string;
  key: string;
  params: Param[];
  query: Param[];
  body: BodySpec | undefined;
}

const parameter = z.object({
  in: z.string(),
  name: z.string(),
  required: z.boolean().optional(),
  schema: jsonSchema.optional(),
});
const operation = z.object({
  description: z.string().optional(),
  summary: z.string().optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z
    .object({ content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })) })
    .optional(),
});
const document = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

function fileKind(path: string, text: string): FileKind {
  if (text.includes('.xml')) return 'etsXml';
  if (text.includes('.csv')) return path.includes('licence') ? 'licencesCsv' : 'gatewaysCsv';
  return 'binary';
}

function bodyOf(method: Method, path: string, op: z.infer<typeof operation>): BodySpec | undefined {
  const content = op.requestBody?.content ?? {};
  const text = `${op.summary ?? ''} ${op.description ?? ''}`;
  const multipart = content['multipart/form-data'];
  // A route that takes a file says so in its content type, or at least in its description.
  if (multipart || (method !== 'GET' && !content['application/json'] && /\bfile\b/i.test(text))) {
    const field = Object.keys(multipart?.schema?.properties ?? {})[0] ?? 'file';
    return { kind: 'multipart', field, file: fileKind(path, text) };
  }
  const json = content['application/json']?.schema;
  return json ? { kind: 'json', schema: json } : undefined;
}

/** Every operation of the document (validated: it is outside input to the fuzzer). */
export function routesOf(doc: unknown): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, item] of Object.entries(document.parse(doc).paths)) {
    for (const [verb, raw] of Object.entries(item)) {
      const method = METHODS.find((m) => m === verb.toUpperCase());
      if (!method) continue;
      const op = operation.parse(raw);
      const params = (op.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.required ?? p.in === 'path',
        schema: p.schema ?? { type: 'string' },
      }));
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        params: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: bodyOf(method, path, op),
      });
    }
  }
  return routes;
}
