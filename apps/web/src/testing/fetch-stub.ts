import { vi } from 'vitest';

/** A request the code under test sent, as the server would read it. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The stubbed server's answer: a status (200 by default) and a JSON body. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

type Route = StubAnswer | ((request: SentRequest) => StubAnswer | Promise<StubAnswer>);

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function toResponse({ status = 200, body }: StubAnswer): Response {
  const text = body === undefined ? null : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global `fetch` with a small server that answers by "METHOD /path" (query
 * string left out) and records every request. An unknown route answers 501, is recorded in
 * `unhandled`, and so shows up in the test. Undone by vitest's `unstubGlobals`.
 */
export function stubFetch(routes: Record<string, Route> = {}) {
  const table = new Map(Object.entries(routes));
  const requests: SentRequest[] = [];
  const unhandled: string[] = [];

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: readBody(init.body),
    };
    requests.push(request);
    const route = table.get(`${request.method} ${request.path}`);
    if (!route) {
      unhandled.push(`${request.method} ${request.path}`);
      return toResponse({ status: 501, body: { statusCode: 501, code: 'x', message: 'no stub' } });
    }
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });

  return {
    requests,
    unhandled,
    /** Adds or replaces the answer of one route. */
    on(method: string, path: string, route: Route) {
      table.set(`${method} ${path}`, route);
    },
    /** The requests sent to one route, in order. */
    sent(method: string, path: string): SentRequest[] {
      return requests.filter((r) => r.method === method && r.path === path);
    },
  };
}

/** The error reply of the server (contracts' ErrorReply) for a catalogue code. */
export const errorReply = (status: number, code: string): StubAnswer => ({
  status,
  body: { statusCode: status, code, message: 'x' },
});
