import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpLimits } from '../config';
import { sourceOf } from '../lib/abuse-limits';
import { AddressShares } from '../lib/address-shares';
import { clientErrorHandler } from './error-handler';

/**
 * Routes whose body may take up to `uploadTimeoutMs` to arrive instead of `requestTimeoutMs`:
 * firmware images of up to 256 MiB on a slow link. The longer limit starts in preHandler,
 * once the route's own onRequest check has found a signed-in administrator, so an anonymous
 * request to the same address gets the short one.
 */
const LONG_UPLOADS = new Set(['POST /api/information/update']);

/**
 * The Fastify options that bound a request's arrival and a connection's silence. Node's own
 * request timeout is the longest of all (the long uploads'): a backstop for what never reaches
 * a route, such as socket.io's polling requests. Node checks its timeouts on an interval, a
 * fifth of the headers timeout (at most 1 s), so a slow request is cut soon after its limit.
 */
export function httpServerOptions(limits: HttpLimits) {
  const http: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.uploadTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 5)),
  };
  return {
    http,
    requestTimeout: limits.uploadTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  };
}

/**
 * Closes, as soon as it opens, a TCP connection from a source (an IPv4 address, an IPv6 /64)
 * that already holds `max` of them. The peer is the TCP one: behind a load balancer that is
 * the balancer itself.
 */
export function capConnectionsPerPeer(server: Server, max: number, log: FastifyBaseLogger) {
  if (max <= 0) return;
  const shares = new AddressShares(max);
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined) return; // already gone
    const share = shares.take(peer);
    const source = sourceOf(peer);
    if (!share) {
      // One line per burst, not one per refused socket.
      if (!warned.has(source)) {
        log.warn({ peer, source, max }, 'connections refused: too many from one peer');
      }
      warned.add(source);
      socket.destroy();
      return;
    }
    socket.once('close', () => {
      share();
      warned.delete(source);
    });
  });
}

const announcesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const REQUEST_TIMEOUT = Object.assign(new Error('request timeout'), {
  code: 'ERR_HTTP_REQUEST_TIMEOUT',
});

const deadlines = new WeakMap<IncomingMessage, NodeJS.Timeout>();

/**
 * Cuts the request if its body has not fully arrived `ms` from now: 408 requestTimeout (as Node
 * answers its own timeouts, through clientErrorHandler) when nothing was answered yet, else
 * the socket is only closed. A reply sent before the body came (401, 404) keeps the deadline:
 * Node would otherwise wait for the rest of the body on that connection.
 */
function setBodyDeadline(req: FastifyRequest, reply: FastifyReply, ms: number) {
  const raw = req.raw;
  clearTimeout(deadlines.get(raw));
  // Only a real connection can be held open (app.inject's requests have none).
  if (!(raw.socket instanceof Socket) || raw.complete || !announcesBody(raw)) return;
  const timer = setTimeout(() => {
    if (raw.complete || raw.socket.destroyed) return;
    req.log.info({ timeoutMs: ms }, 'request body did not arrive in time: connection closed');
    if (reply.raw.headersSent) raw.socket.destroy();
    else clientErrorHandler(REQUEST_TIMEOUT, raw.socket);
  }, ms);
  timer.unref();
  deadlines.set(raw, timer);
  raw.once('end', () => clearTimeout(timer));
}

/** Per-peer connection cap and per-request body deadlines (see docs/operations.md). */
export const httpLimitsPlugin = fp<{ limits: HttpLimits }>((app, { limits }, done) => {
  capConnectionsPerPeer(app.server, limits.maxConnectionsPerIp, app.log);
  app.addHook('onRequest', (req, reply, next) => {
    setBodyDeadline(req, reply, limits.requestTimeoutMs);
    next();
  });
  app.addHook('preHandler', (req, reply, next) => {
    if (LONG_UPLOADS.has(`${req.method} ${req.routeOptions.url}`)) {
      setBodyDeadline(req, reply, limits.uploadTimeoutMs);
    }
    next();
  });
  done();
});
