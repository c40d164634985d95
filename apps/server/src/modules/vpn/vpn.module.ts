import { timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { demoTunnelSecret } from '../../lib/demo-tunnel-secret';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { Hub } from '../hub/hub.service';
import { ProxyHosts } from './proxy-hosts';
import { EtsPorts } from './tunnel/ets-ports';
import { loadOrCreateHostKey } from './tunnel/host-key';
import { interceptProxyHosts, type ProxyTarget } from './tunnel/tunnel-proxy';
import { TunnelServer, type Tunnel } from './tunnel/tunnel-server';
import { VpnRepository, type VpnSessionRow } from './vpn.repository';
import { vpnRoutes } from './vpn.routes';
import { VpnService } from './vpn.service';
import { VpnSweeper } from './vpn-sweeper';

/** What the remote access module is built from (see app.ts). */
export interface VpnModuleDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'tunnel' | 'host' | 'jwtSecret'>;
  log: FastifyBaseLogger;
  gateways: GatewaysRepository;
  hub: Pick<Hub, 'command' | 'authenticate' | 'events'>;
  /** Projects and their plans, for the session log's retention. */
  projects: () => Promise<{ id: string; logger_subscription: string }[]>;
  /** Seeded gateways run by the server's demo fleet (their agents log in with a derived secret). */
  demoLiveMacs: readonly string[];
}

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Resolved proxy hosts, for a second: a page's assets need one lookup, not one each. */
class HostCache {
  private readonly entries = new Map<
    string,
    { at: number; row: VpnSessionRow | undefined; extra?: URL }
  >();
  get(host: string, now: number) {
    const e = this.entries.get(host);
    return e && now - e.at < 1_000 ? e : undefined;
  }
  set(host: string, now: number, row: VpnSessionRow | undefined, extra?: URL) {
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(host, { at: now, row, extra });
  }
}

/**
 * Remote access (ARCHITECTURE.md "Remote access", decision 0017): the SSH endpoint gateways
 * connect their tunnels to, the gateway's pages under proxy hosts, ETS ports, custom proxies,
 * the VPN routes and the session log. Nothing listens until `start`.
 */
export function createVpnModule(d: VpnModuleDeps) {
  const { config, log } = d;
  const repo = new VpnRepository(d.db);
  const hostKey = loadOrCreateHostKey(config.dataDir);
  const hosts = new ProxyHosts(config.publicUrl);
  let httpServer: HttpServer | undefined;
  let tunnelPort = 0;
  let proxyApp: FastifyInstance | undefined;
  /** This node as other nodes reach it: NODE_URL, else its HTTP port on loopback. */
  const node = () => {
    if (config.tunnel.nodeUrl) return config.tunnel.nodeUrl;
    const a = httpServer?.address();
    return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  };
  const warn = (err: unknown) => log.warn({ err }, 'remote access bookkeeping failed');

  const authorize = async (mac: string, secret: string) => {
    const device = await d.hub.authenticate(mac, secret);
    const demo =
      !device &&
      (d.demoLiveMacs.includes(mac) || (await d.gateways.find({ mac }))?.virtual === 1) &&
      same(secret, demoTunnelSecret(config.jwtSecret, mac));
    if (!device && !demo) return null;
    const session = await repo.liveByMac(mac, Date.now());
    return session ? { sessionId: session.id } : null;
  };
  const ets = new EtsPorts(config.tunnel.etsPorts, (mac) => tunnels.get(mac));
  const tunnels: TunnelServer = new TunnelServer({
    hostKey,
    authorize,
    log,
    limits: {
      preAuthMax: config.tunnel.preAuthMax,
      preAuthPerAddress: config.tunnel.preAuthPerAddress,
      proxyProtocol: config.tunnel.proxyProtocol,
      loginTimeoutMs: config.tunnel.loginTimeoutMs,
    },
    onUp: (t) => void repo.tunnelUp(t.sessionId, node(), t.ip, Date.now()).catch(warn),
    onForwards: (t) => void repo.setForwards(t.sessionId, [...t.forwards.keys()]).catch(warn),
    onDown: (t) => {
      ets.close(t.sessionId);
      void repo.tunnelDown(t.sessionId, node()).catch(warn);
    },
  });
  const service = new VpnService({
    repo,
    gateways: d.gateways,
    hub: d.hub,
    hosts,
    endpoint: () => ({
      host: config.tunnel.publicHost,
      port: config.tunnel.publicPort ?? tunnelPort,
      hostKey: hostKey.fingerprint,
    }),
    etsServer: config.tunnel.etsServer,
    dropTunnel: (mac) => tunnels.drop(mac),
  });
  const sweeper = new VpnSweeper({ repo, tunnels, ets, node, projects: d.projects, log });

  const cache = new HostCache();
  const local = (t: Tunnel | undefined, s: VpnSessionRow) =>
    t?.sessionId === s.id ? t : undefined;
  /** Only a tunnel held here is answered from the cache; anything else is looked up afresh. */
  const resolve = async (host: string): Promise<ProxyTarget> => {
    const target = await lookup(host, true);
    return target.kind === 'local' ? target : lookup(host, false);
  };
  const lookup = async (host: string, cached: boolean): Promise<ProxyTarget> => {
    const parsed = hosts.parse(host);
    if (!parsed) return { kind: 'gone', code: 'vpnSessionNotFound' };
    const now = Date.now();
    let hit = cached ? cache.get(host, now) : undefined;
    if (!hit) {
      if (parsed.kind === 'session') {
        cache.set(host, now, await repo.liveByProxyId(parsed.proxyId, now));
      } else {
        const custom = await repo.customProxyBySubdomain(parsed.subdomain);
        const row = custom ? await repo.liveByMac(custom.mac, now) : undefined;
        cache.set(host, now, row, custom ? new URL(custom.url) : undefined);
      }
      hit = cache.get(host, now);
    }
    const s = hit?.row;
    if (!s) return { kind: 'gone', code: 'vpnSessionNotFound' };
    const tunnel = local(tunnels.get(s.mac), s);
    if (tunnel) {
      return parsed.kind === 'session'
        ? { kind: 'local', tunnel, service: parsed.service, https: false }
        : {
            kind: 'local',
            tunnel,
            service: 'custom',
            https: hit?.extra?.protocol === 'https:',
            hostHeader: hit?.extra?.host,
          };
    }
    return s.tunnel_node && s.tunnel_node !== node()
      ? { kind: 'node', nodeUrl: s.tunnel_node }
      : { kind: 'gone', code: 'unavailable' };
  };

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(vpnRoutes, { vpn: service });
  };
  return {
    routes,
    service,
    repo,
    tunnels,
    sweeper,
    hostKey,
    /** The SSH endpoint's port (0 before start or without one). */
    tunnelPort: () => tunnelPort,
    /** Listens for tunnels, serves the proxy hosts in front of the HTTP server, starts the sweeper. */
    async start(server: HttpServer) {
      httpServer = server;
      if (config.tunnel.port !== null) {
        tunnelPort = await tunnels.listen(config.host, config.tunnel.port);
        log.info({ port: tunnelPort }, 'remote access SSH endpoint listening');
      }
      proxyApp = await interceptProxyHosts(server, {
        isProxyHost: (h) => hosts.parse(h) !== null,
        resolve,
        tunnel: (mac) => tunnels.get(mac),
        timeoutMs: config.tunnel.proxyTimeoutMs,
      });
      sweeper.start();
    },
    async close() {
      await sweeper.stop();
      ets.closeAll();
      await tunnels.close();
      await proxyApp?.close();
    },
  };
}

export type VpnModule = ReturnType<typeof createVpnModule>;
