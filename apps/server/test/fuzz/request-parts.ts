import { toJsonText, type Json } from './json-text';
import type { Method, RouteSpec } from './openapi-routes';

/** A request body before it is put on the wire. */
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Json; contentType: string }
  | { kind: 'raw'; contentType: string | undefined; bytes: string | Buffer };

/**
 * A request in parts, so that mutators can break one part: path segments and
 * query pairs are kept percent-encoded (a mutator may write bad encodings).
 */
export interface RequestParts {
  route: RouteSpec;
  params: Record<string, string>;
  query: [string, string][];
  body: Body;
  headers: Record<string, string>;
}

/** What is sent: the same bytes through `app.inject` or over HTTP. */
export interface WireRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, never a throw). */
export function encodeSegment(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function toWire(p: RequestParts): WireRequest {
  const path = p.route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => p.params[name] ?? '');
  const query = p.query.map(([k, v]) => `${k}=${v}`).join('&');
  const headers = { ...p.headers };
  let body: string | Buffer | undefined;
  if (p.body.kind === 'json') {
    headers['content-type'] = p.body.contentType;
    body = toJsonText(p.body.value);
  } else if (p.body.kind === 'raw') {
    if (p.body.contentType !== undefined) headers['content-type'] = p.body.contentType;
    body = p.body.bytes;
  }
  return {
    method: p.route.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

const preview = (s: string, max: number) =>
  s.length <= max ? s : `${s.slice(0, max)}… (${s.length} chars)`;

/** A readable, bounded form of a request for failure reports (the token is not printed). */
export function describeRequest(r: WireRequest): string {
  const headers = Object.entries(r.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${preview(v, 120)}`);
  const lines = [`${r.method} ${preview(r.url, 300)}`, ...headers];
  if (r.body !== undefined) {
    const text = typeof r.body === 'string' ? r.body : r.body.toString('latin1');
    lines.push(`body (${Buffer.byteLength(r.body)} bytes): ${JSON.stringify(preview(text, 400))}`);
  }
  return lines.join('\n  ');
}
