import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Server as NetServer } from 'node:net';

/**
 * What the gateway's local services share: listening on loopback, closing, and a small router
 * for the HTTP ones. They are reached through the cloud's reverse tunnel under another host
 * name, so nothing here ever writes a host: pages link with absolute paths only.
 */

/** One of the gateway's local services: its server, and how to stop it with every socket. */
export interface LocalService {
  readonly server: NetServer;
  /** Stops listening and ends every open connection; resolves once the server is closed. */
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 on a port the system picks, and resolves with that port. */
export function listenOnLoopback(server: NetServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('the server has no TCP address'));
    });
  });
}

/** Resolves once `server` no longer listens (at once if it never did). */
export function closeServer(server: NetServer): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
}

/** Answers a request already matched by path and method. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/** Handlers by path, then by method (HEAD is answered by the GET handler). */
export type Routes = Record<string, Partial<Record<'GET' | 'POST', Handler>>>;

/** Sends a whole body; `no-store` because every page shows the device's live state. */
export function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

export const sendHtml = (res: ServerResponse, html: string, status = 200) =>
  send(res, status, 'text/html; charset=utf-8', html);

export const sendJson = (res: ServerResponse, value: unknown, status = 200) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

/** A redirect to an absolute path of the same host (303: the browser follows with a GET). */
export function redirect(res: ServerResponse, path: string) {
  res.writeHead(303, { location: path, 'content-length': 0 });
  res.end();
}

/**
 * The request's path alone, its query dropped. Not parsed with URL: a malformed target
 * (`//[`) would throw there; here it is only a path that matches no route.
 */
export const pathOf = (req: IncomingMessage) => (req.url ?? '/').split(/[?#]/)[0] ?? '';

/**
 * Reads an `application/x-www-form-urlencoded` body of at most `limit` bytes: the fields, or
 * the HTTP status that refuses it (415 another type, 413 too large).
 */
export function readForm(
  req: IncomingMessage,
  limit: number,
): Promise<URLSearchParams | 413 | 415> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return Promise.resolve(415);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Stop buffering at once: a huge body must not be kept just to be refused.
      req.off('data', onData);
      resolve(413);
    };
    req.on('data', onData);
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/**
 * An HTTP server answering `routes`: 404 for another path, 405 (with Allow) for another
 * method, 500 if a handler throws. Its `close` also ends kept-alive connections, which
 * `server.close()` alone would wait for.
 */
export function createHttpService(routes: Routes): LocalService & { readonly server: Server } {
  const server = createServer((req, res) => {
    const route = Object.hasOwn(routes, pathOf(req)) ? routes[pathOf(req)] : undefined;
    if (!route) return sendHtml(res, '<!doctype html><title>Not found</title>Not found', 404);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = method === 'GET' || method === 'POST' ? route[method] : undefined;
    if (!handler) {
      res.setHeader('allow', Object.keys(route).join(', '));
      return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    }
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => {
        if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error');
        else res.destroy();
      });
  });
  // A gateway serves a handful of people: a bounded number of sockets is plenty.
  server.maxConnections = 64;
  return {
    server,
    close: async () => {
      const closed = closeServer(server);
      server.closeAllConnections();
      await closed;
    },
  };
}
