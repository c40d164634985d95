import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorStatus } from '@atrium/contracts/errors';
import { TUNNEL_SERVICES, type TunnelService } from '@atrium/contracts/vpn';
import { tunnelAgents, tunnelHost } from './tunnel-agents';
import type { Tunnel } from './tunnel-server';

/** Where a proxied request goes: a tunnel held here, the node holding it, or nowhere. */
export type ProxyTarget =
  | { kind: 'local'; tunnel: Tunnel; service: TunnelService; https: boolean; hostHeader?: string }
  | { kind: 'node'; nodeUrl: string }
  | { kind: 'gone'; code: GoneCode };

/** A proxy host whose session ended (or never was), or whose gateway is not reachable now. */
type GoneCode = 'vpnSessionNotFound' | 'unavailable';

export interface ProxyRouting {
  /** Whether a Host header names a proxy host at all (cheap, no lookup). */
  isProxyHost(host: string): boolean;
  resolve(host: string): Promise<ProxyTarget>;
  tunnel(mac: string): Tunnel | undefined;
  /** How long a page may stay silent before its request ends (503). */
  timeoutMs: number;
}

const PAGES: Record<GoneCode, { fr: string; en: string }> = {
  vpnSessionNotFound: {
    fr: 'Ce lien d’accès à distance a expiré. Ouvrez une nouvelle connexion à distance depuis la console.',
    en: 'This remote access link has expired. Open a new remote connection from the console.',
  },
  unavailable: {
    fr: 'La passerelle n’est pas (encore) joignable par la connexion à distance. Réessayez dans quelques secondes.',
    en: 'The gateway cannot be reached through the remote connection (yet). Try again in a few seconds.',
  },
};

/**
 * The reply for a proxy host with nothing behind it: a short page for a browser (in French
 * when it prefers French), else the catalogue's error shape.
 */
function gone(req: FastifyRequest, reply: FastifyReply, code: GoneCode) {
  const statusCode = errorStatus(code);
  const text = PAGES[code][/^fr\b/i.test(req.headers['accept-language'] ?? '') ? 'fr' : 'en'];
  if (!req.headers.accept?.includes('text/html')) {
    return reply.code(statusCode).send({ statusCode, code, message: text });
  }
  const page = `<!doctype html><meta charset="utf-8"><title>Atrium</title><p style="font-family:system-ui,sans-serif;margin:3rem">${text}</p>`;
  return reply.code(statusCode).type('text/html; charset=utf-8').send(page);
}

/** Set on a request one node forwards to the node holding the tunnel. */
const HOP = 'x-atrium-tunnel-hop';

/** A gateway answering 503 is shown as it is, not asked again (reply-from retries GETs). */
const NO_RETRY = () => null;

/** The proxy's own Fastify instance: bodies stream through untouched, replies come from the gateway. */
async function proxyApp(routing: ProxyRouting): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  await app.register(replyFrom, {
    http: {
      agents: tunnelAgents((mac) => routing.tunnel(mac), { maxSockets: 64 }),
      requestOptions: { timeout: routing.timeoutMs },
    },
    disableRequestLogging: true,
  });
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const host = req.headers.host ?? '';
    const target = await routing.resolve(host);
    if (target.kind === 'gone') return gone(req, reply, target.code);
    if (target.kind === 'node') {
      // One hop at most: a node that does not hold the tunnel either answers 502.
      if (req.headers[HOP]) return gone(req, reply, 'unavailable');
      return reply.from(`${target.nodeUrl}${req.url}`, {
        retryDelay: NO_RETRY,
        rewriteRequestHeaders: (_r, h) => ({ ...h, host, [HOP]: '1' }),
      });
    }
    const scheme = target.https ? 'https' : 'http';
    const upstream = `${scheme}://${tunnelHost(target.tunnel.mac)}:${TUNNEL_SERVICES[target.service]}`;
    return reply.from(`${upstream}${req.url}`, {
      retryDelay: NO_RETRY,
      rewriteRequestHeaders: (_r, h) => ({
        ...h,
        host: target.hostHeader ?? host,
        'x-forwarded-host': host,
      }),
      onError: () => void gone(req, reply, 'unavailable'),
    });
  };
  app.all('/', handler);
  app.all('/*', handler);
  await app.ready();
  return app;
}

/** The raw request head of an upgrade, to replay on the connection to the gateway. */
function requestHead(req: IncomingMessage, hostHeader?: string, hop = false): string {
  const lines = [`${req.method} ${req.url} HTTP/1.1`, ...(hop ? [`${HOP}: 1`] : [])];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const [name, value] = [req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? ''];
    lines.push(`${name}: ${hostHeader && name.toLowerCase() === 'host' ? hostHeader : value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Pipes an upgraded client socket to the gateway (or the node holding its tunnel). */
async function upgrade(routing: ProxyRouting, req: IncomingMessage, socket: Duplex, head: Buffer) {
  socket.on('error', () => socket.destroy());
  const target = await routing.resolve(req.headers.host ?? '');
  let upstream: Duplex;
  if (target.kind === 'gone' || (target.kind === 'node' && req.headers[HOP])) {
    const status = errorStatus(target.kind === 'gone' ? target.code : 'unavailable');
    socket.end(`HTTP/1.1 ${status} Unavailable\r\nConnection: close\r\n\r\n`);
    return;
  } else if (target.kind === 'node') {
    const url = new URL(target.nodeUrl);
    upstream = netConnect({ host: url.hostname, port: Number(url.port || 80) });
    upstream.write(requestHead(req, undefined, true));
  } else {
    upstream = await target.tunnel.open(target.service, { ip: '127.0.0.1', port: 0 });
    upstream.write(requestHead(req, target.hostHeader));
  }
  if (head.length) upstream.write(head);
  upstream.on('error', () => socket.destroy());
  upstream.on('close', () => socket.destroy());
  socket.on('close', () => upstream.destroy());
  upstream.pipe(socket);
  socket.pipe(upstream);
}

/**
 * Serves the gateway's pages under their proxy hosts (decision 0017) in front of every other
 * listener of the HTTP server: requests and WebSocket upgrades whose Host is a proxy host go
 * to the gateway and never reach the console's routes, sockets or MQTT-over-WebSocket.
 * Call once every other listener is attached.
 */
export async function interceptProxyHosts(server: HttpServer, routing: ProxyRouting) {
  const app = await proxyApp(routing);
  const requestListeners = server.listeners('request') as ((...a: unknown[]) => void)[];
  const upgradeListeners = server.listeners('upgrade') as ((...a: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (routing.isProxyHost(req.headers.host ?? '')) return app.routing(req, res);
    requestListeners.forEach((l) => l.call(server, req, res));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!routing.isProxyHost(req.headers.host ?? '')) {
      upgradeListeners.forEach((l) => l.call(server, req, socket, head));
      return;
    }
    // An upgraded socket lives as long as the page: the server's idle timeout is not for it.
    (socket as Duplex & { setTimeout?: (ms: number) => void }).setTimeout?.(0);
    upgrade(routing, req, socket, head).catch(() => socket.destroy());
  });
  return app;
}
