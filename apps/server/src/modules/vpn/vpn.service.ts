import { randomBytes } from 'node:crypto';
import { versionAtLeast } from '@atrium/contracts/version';
import {
  allowedDelays,
  VPN_REACHED,
  VPN_UNLIMITED,
  type CustomProxyReply,
  type EtsPortReply,
  type VpnLogEntry,
  type VpnProxyReply,
  type VpnStatusReply,
} from '@atrium/contracts/vpn';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../../lib/session-user';
import { gatewayRef } from '../../lib/tenancy/project-access';
import type { GatewayView, GatewaysRepository } from '../gateways/gateways.repository';
import type { Hub } from '../hub/hub.service';
import type { ProxyHosts } from './proxy-hosts';
import type { VpnRepository, VpnSessionRow } from './vpn.repository';

/** What the service needs from the rest of the module: the tunnel endpoint and this node. */
export interface VpnServiceDeps {
  repo: VpnRepository;
  gateways: GatewaysRepository;
  /** Commands to the gateway; `events` tells its history who opened and closed remote access. */
  hub: Pick<Hub, 'command' | 'events'>;
  hosts: ProxyHosts;
  /** Where gateways connect their tunnels, and the key they check. */
  endpoint: () => { host: string; port: number; hostKey: string };
  /** The host ETS is given (the node's public name). */
  etsServer: string;
  /** Ends the gateway's tunnel if this node holds it (other nodes notice within a second). */
  dropTunnel: (mac: string) => void;
  now?: () => number;
}

const CUSTOM_PROXY_FROM = { major: 8, minor: 4 };
const LOG_LIMIT = 200;
const untilOf = (s: VpnSessionRow | undefined) =>
  !s ? '0' : s.until === VPN_UNLIMITED ? VPN_UNLIMITED : String(s.until);
const noActiveVpn = () => new AppError('noActiveVPN', 'No active remote connection');
/** Unguessable ids: a proxy host is a capability for as long as its session lives. */
const token = (bytes: number) =>
  randomBytes(bytes)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(bytes, '0')
    .slice(0, bytes);

/** The VPN service of document 3 §7: sessions, proxy ids, ETS ports, custom proxies, the log. */
export class VpnService {
  private readonly now: () => number;

  constructor(private readonly d: VpnServiceDeps) {
    this.now = d.now ?? Date.now;
  }

  private async gateway(ref: string): Promise<GatewayView> {
    const gw = await this.d.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    return gw;
  }

  private async live(ref: string) {
    const gw = await this.gateway(ref);
    const session = await this.d.repo.liveByMac(gw.mac, this.now());
    return { gw, session };
  }

  private async delaysFor(gw: GatewayView) {
    const hours = gw.project_id ? await this.d.repo.projectVpnHours(gw.project_id) : 0;
    return allowedDelays(hours);
  }

  async status(user: SessionUser, ref: string): Promise<VpnStatusReply> {
    const { gw, session } = await this.live(ref);
    return {
      online: session?.tunnel_node ? 'true' : 'false',
      until: untilOf(session),
      ip: session?.tunnel_ip ?? 'Not found',
      open: Boolean(session),
      lan: user.rank === 'admin' ? gw.ip : null,
      delays: await this.delaysFor(gw),
    };
  }

  /**
   * Opens a session and tells the gateway to connect its tunnel. The delay must be one the
   * project's VPN hours allow; administrators may also open one without end (-1).
   */
  async open(user: SessionUser, ref: string, delay: number) {
    const gw = await this.gateway(ref);
    const allowed =
      delay === VPN_UNLIMITED
        ? user.rank === 'admin'
        : (await this.delaysFor(gw)).includes(delay) || user.rank === 'admin';
    if (!allowed)
      throw new AppError('vpnDelayNotAllowed', 'Beyond the project’s remote access hours');
    const now = this.now();
    const until = delay === VPN_UNLIMITED ? VPN_UNLIMITED : now + delay;
    const id = newId();
    await this.d.repo.open({
      id,
      gateway_id: gw.id,
      mac: gw.mac,
      project_id: gw.project_id,
      team_id: gw.project_team ?? gw.team_id ?? user.team,
      opened_by: user.id,
      opened_at: now,
      until,
    });
    const endpoint = this.d.endpoint();
    try {
      await this.d.hub.command(gw, 'vpn.open', { ...endpoint, until });
    } catch (err) {
      await this.d.repo.closeByMac(gw.mac, 'disconnected', this.now());
      throw err;
    }
    this.told(gw, user, 'vpn.open', now);
    return { message: 'success' };
  }

  /** The gateway's history (decision 0021): who opened or closed its remote access. */
  private told(
    gw: { mac: string; team_id: string | null; project_id: string | null },
    user: SessionUser,
    command: 'vpn.open' | 'vpn.close',
    at: number,
  ) {
    this.d.hub.events.emit('command', {
      mac: gw.mac,
      teamId: gw.team_id,
      projectId: gw.project_id,
      command,
      user: { id: user.id, email: user.email },
      at,
    });
  }

  /** Ends the session: its tunnel, proxies and ETS port close; the gateway is told if it listens. */
  async disconnect(user: SessionUser, ref: string) {
    const gw = await this.gateway(ref);
    const now = this.now();
    await this.d.repo.closeByMac(gw.mac, 'disconnected', now);
    this.told(gw, user, 'vpn.close', now);
    this.d.dropTunnel(gw.mac);
    await this.d.hub.command(gw, 'vpn.close', {}).catch(() => undefined);
    return { message: 'success' };
  }

  async proxy(ref: string): Promise<VpnProxyReply> {
    const { session } = await this.live(ref);
    if (!session) throw noActiveVpn();
    let proxyId = session.proxy_id;
    if (!proxyId) {
      proxyId = token(24);
      await this.d.repo.setProxyId(session.id, proxyId);
    }
    return { id: proxyId, urls: this.d.hosts.urls(proxyId) };
  }

  async etsCreate(ref: string, ipv6: boolean): Promise<EtsPortReply> {
    const { session } = await this.live(ref);
    if (!session) throw noActiveVpn();
    await this.d.repo.requestEts(session.id, ipv6);
    return { port: 'false', server: this.d.etsServer, until: untilOf(session), ipv6 };
  }

  async etsPort(ref: string): Promise<EtsPortReply> {
    const { session } = await this.live(ref);
    if (!session) throw noActiveVpn();
    return {
      port: session.ets_port ?? 'false',
      server: this.d.etsServer,
      until: untilOf(session),
      ipv6: session.ets_ipv6 === 1,
    };
  }

  private async customProxyGateway(ref: string) {
    const { gw, session } = await this.live(ref);
    if (gw.virtual === 1 || !versionAtLeast(gw.version, CUSTOM_PROXY_FROM))
      throw new AppError('customProxyUnsupported', 'Custom proxy needs version 8.4');
    return { gw, session };
  }

  /** The custom proxy: noActiveVPN, missingUrl, noProxyFile (not applied on the gateway yet). */
  async customProxy(ref: string): Promise<CustomProxyReply> {
    const { gw, session } = await this.customProxyGateway(ref);
    if (!session) throw noActiveVpn();
    const saved = await this.d.repo.customProxy(gw.id);
    if (!saved) throw new AppError('missingUrl', 'No custom proxy URL saved');
    if (!session.forwards.split(',').includes('custom')) {
      throw new AppError('noProxyFile', 'The gateway has not applied the custom proxy');
    }
    return {
      url: saved.url,
      subdomain: saved.subdomain,
      link: this.d.hosts.customUrl(saved.subdomain),
    };
  }

  /** Saves the URL and has the gateway forward it; the subdomain comes once the gateway applied it. */
  async saveCustomProxy(ref: string, url: string): Promise<CustomProxyReply> {
    const { gw, session } = await this.customProxyGateway(ref);
    if (!session) throw noActiveVpn();
    const existing = await this.d.repo.customProxy(gw.id);
    const subdomain = existing?.subdomain ?? `cp-${token(16)}`;
    await this.d.repo.saveCustomProxy(gw.id, url, subdomain, this.now());
    const applied = await this.d.hub.command(gw, 'vpn.proxy', { url }).then(
      () => true,
      () => false,
    );
    return applied
      ? { url, subdomain, link: this.d.hosts.customUrl(subdomain) }
      : { url, subdomain: null, link: null };
  }

  async log(ref: string): Promise<{ items: VpnLogEntry[] }> {
    const gw = await this.gateway(ref);
    const rows = await this.d.repo.log(gw.id, LOG_LIMIT);
    return {
      items: rows.map((r) => ({
        _id: r.id,
        openedBy: r.email ?? '',
        openedAt: Number(r.opened_at),
        until: Number(r.until),
        closedAt: r.closed_at === null ? null : Number(r.closed_at),
        closeReason: closeReason(r.close_reason),
        connectedAt: r.connected_at === null ? null : Number(r.connected_at),
        reached: VPN_REACHED.filter((x) => r.reached.split(',').includes(x)),
        bytesIn: Number(r.bytes_in),
        bytesOut: Number(r.bytes_out),
      })),
    };
  }
}

function closeReason(r: string | null): VpnLogEntry['closeReason'] {
  return r === 'disconnected' || r === 'expired' || r === 'replaced' ? r : null;
}
