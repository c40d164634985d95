import { createHash } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import { pipeline } from 'node:stream';
import { Client, type ClientChannel, type TcpConnectionDetails } from 'ssh2';
import type { CommandArgs } from '@atrium/contracts/gateway-protocol';
import {
  serviceOfPort,
  TUNNEL_SERVICES,
  VPN_UNLIMITED,
  type TunnelService,
} from '@atrium/contracts/vpn';

/** Where each forwarded service really listens on the gateway (or its network, for custom). */
export type ServiceTargets = Partial<Record<TunnelService, { host: string; port: number }>>;

export interface TunnelClientOptions {
  mac: string;
  secret: string;
  /** The local services to forward (started on the first session). */
  targets: () => Promise<ServiceTargets>;
  /** The tunnel went up or down: the gateway's info reports it. */
  onChange: () => void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const fingerprint = (key: Buffer) =>
  createHash('sha256').update(key).digest('base64').replace(/=+$/, '');

/**
 * The gateway's end of remote access (decision 0017): an SSH connection to the cloud's
 * endpoint that asks for remote forwards of the local services (as `ssh -N -R 80:…` would),
 * and pipes each forwarded connection to the service. It reconnects until the session's
 * `until` or `vpn.close`, and gives up when the cloud refuses the login (session ended).
 */
export class TunnelClient {
  online = false;
  lastConnection: number | null = null;
  private session: CommandArgs<'vpn.open'> | undefined;
  private client: Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private backoff: number;
  private custom: { host: string; port: number } | undefined;

  constructor(private readonly o: TunnelClientOptions) {
    this.backoff = o.minBackoffMs ?? 1_000;
  }

  /** Starts (or moves) the tunnel for a session. */
  open(session: CommandArgs<'vpn.open'>) {
    this.stop();
    this.session = session;
    this.backoff = this.o.minBackoffMs ?? 1_000;
    this.connect();
  }

  /** The custom proxy's target URL (null: none); forwarded as TUNNEL_SERVICES.custom. */
  setCustom(url: string | null) {
    if (!url) {
      this.custom = undefined;
      this.client?.unforwardIn('localhost', TUNNEL_SERVICES.custom);
      return;
    }
    const u = new URL(url);
    this.custom = {
      host: u.hostname,
      port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)),
    };
    if (this.online) this.client?.forwardIn('localhost', TUNNEL_SERVICES.custom);
  }

  /** Ends the tunnel for good (vpn.close, agent stop). */
  close() {
    this.session = undefined;
    this.stop();
  }

  private stop() {
    clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    c?.end();
    this.setOnline(false);
  }

  private expired() {
    const s = this.session;
    return !s || (s.until !== VPN_UNLIMITED && Date.now() >= s.until);
  }

  private connect() {
    const s = this.session;
    if (!s || this.expired()) return this.close();
    const client = new Client();
    this.client = client;
    let refused = false;
    client.on('ready', () => {
      // No Nagle: window adjustments and small replies must not wait for a delayed ACK.
      client.setNoDelay(true);
      void this.forward(client);
    });
    client.on('tcp connection', (info, accept, reject) => void this.serve(info, accept, reject));
    client.on('error', (err: Error & { level?: string }) => {
      refused = err.level === 'client-authentication';
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.setOnline(false);
      if (refused) return this.close();
      this.timer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, this.o.maxBackoffMs ?? 10_000);
    });
    client.connect({
      host: s.host,
      port: s.port,
      username: this.o.mac,
      password: this.o.secret,
      hostVerifier: (key: Buffer) => !s.hostKey || fingerprint(key) === s.hostKey,
      readyTimeout: 10_000,
      keepaliveInterval: 15_000,
    });
  }

  private async forward(client: Client) {
    const targets = await this.o.targets();
    const services: TunnelService[] = (Object.keys(targets) as TunnelService[]).filter(
      (s) => s !== 'custom',
    );
    if (this.custom) services.push('custom');
    await Promise.all(
      services.map(
        (service) =>
          new Promise<void>((resolve) =>
            client.forwardIn('localhost', TUNNEL_SERVICES[service], () => resolve()),
          ),
      ),
    );
    if (this.client !== client) return;
    this.backoff = this.o.minBackoffMs ?? 1_000;
    this.lastConnection = Date.now();
    this.setOnline(true);
  }

  private async serve(info: TcpConnectionDetails, accept: () => ClientChannel, reject: () => void) {
    const service = serviceOfPort(info.destPort);
    const target =
      service === 'custom' ? this.custom : service && (await this.o.targets())[service];
    if (!target) return reject();
    const channel = accept();
    const socket = netConnect(target);
    socket.on('error', () => channel.destroy());
    channel.on('error', () => socket.destroy());
    pipeline(channel, socket, () => channel.destroy());
    pipeline(socket, channel, () => socket.destroy());
  }

  /**
   * The custom proxy's target; `localhost:80`, `:1880` or `:11196` name the gateway's own
   * services, which a simulator runs on other loopback ports.
   */
  private customTarget(targets: ServiceTargets) {
    const c = this.custom;
    if (!c || !LOOPBACK.has(c.host)) return c;
    const own = serviceOfPort(c.port);
    return (own && own !== 'custom' && targets[own]) || c;
  }

  private setOnline(online: boolean) {
    if (this.online === online) return;
    this.online = online;
    this.o.onChange();
  }
}
