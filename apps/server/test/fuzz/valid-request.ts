import { paramText } from './json-text';
import type { KnownValues } from './known-values';
import { multipartBody, multipartType, newBoundary, validFile } from './multipart';
import type { Param, RouteSpec } from './openapi-routes';
import type { Rng } from './prng';
import { encodeSegment, type Body, type RequestParts } from './request-parts';
import { validValue } from './valid-value';

function paramValue(p: Param, route: RouteSpec, known: KnownValues, rng: Rng): string {
  return encodeSegment(
    paramText(validValue(p.schema, { name: p.name, route: route.path, known, rng })),
  );
}

function validBody(route: RouteSpec, known: KnownValues, rng: Rng): Body {
  if (!route.body) return { kind: 'none' };
  if (route.body.kind === 'json') {
    const value = validValue(route.body.schema, { name: '', route: route.path, known, rng });
    return { kind: 'json', value, contentType: 'application/json' };
  }
  const boundary = newBoundary(rng);
  const file = validFile(route.body.file, rng);
  return {
    kind: 'raw',
    contentType: multipartType(boundary),
    bytes: multipartBody(
      [{ field: route.body.field, contentType: 'text/plain', ...file }],
      boundary,
    ),
  };
}

/** A request the route should accept: required parts present, real ids, plausible values. */
export function validRequest(route: RouteSpec, known: KnownValues, rng: Rng): RequestParts {
  const params: Record<string, string> = {};
  for (const p of route.params) params[p.name] = paramValue(p, route, known, rng);
  const query: [string, string][] = route.query
    .filter((p) => p.required || rng.chance(0.5))
    .map((p) => [encodeSegment(p.name), paramValue(p, route, known, rng)]);
  return { route, params, query, body: validBody(route, known, rng), headers: {} };
}
