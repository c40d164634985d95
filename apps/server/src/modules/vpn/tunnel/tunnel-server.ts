import { createServer, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import ssh2, { type Connection } from 'ssh2';
import { serviceOfPort, TUNNEL_SERVICES, type TunnelService } from '@atrium/contracts/vpn';
import { AddressShares } from '../../../lib/address-shares';
import { readProxyHeader } from '../../../lib/proxy-protocol';
import type { HostKey } from './host-key';

/** Who may hold a tunnel: the gateway's open session, when its MAC and secret are right. */
export type TunnelAuthorizer = (
  mac: string,
  secret: string,
) => Promise<{ sessionId: string } | null>;

/** Bounds on what one client, logged in or not, can make the endpoint hold. */
export interface TunnelLimits {
  /** Connections that have not logged in yet, at most (beyond: closed at once). */
  preAuthMax: number;
  /** Of those, from one address, at most (0: no cap; beyond: closed at once; decision 0068). */
  preAuthPerAddress: number;
  /**
   * Each connection starts with a TCP balancer's PROXY protocol header, which names the
   * client (decision 0069); a connection without one is closed.
   */
  proxyProtocol?: boolean;
  /** From accept to login. */
  loginTimeoutMs: number;
  /** Channels open at once to one gateway (user connections through its tunnel). */
  maxChannels: number;
  /** Refused requests (channel opens, foreign forwards, wrong logins) before the cut-off. */
  maxRefusals: number;
}

export const DEFAULT_TUNNEL_LIMITS: TunnelLimits = {
  preAuthMax: 200,
  preAuthPerAddress: 32,
  loginTimeoutMs: 10_000,
  maxChannels: 512,
  maxRefusals: 20,
};

/**
 * Ciphers the endpoint offers. The client's order picks among them, and OpenSSH's puts
 * chacha20-poly1305 first (which ssh2 authenticates with a WebAssembly Poly1305) and AES-CTR
 * (with a separate HMAC) before AES-GCM: for the same CPU, ssh2 moves about twice as many
 * bytes with AES-GCM (OpenSSL, AES-NI). So AES-GCM only, which every OpenSSH since 6.2 and
 * Dropbear since 2022.82 speak (decision 0017).
 */
export const TUNNEL_CIPHERS = ['aes128-gcm@openssh.com', 'aes256-gcm@openssh.com'] as const;

/** Addresses a gateway may name as the bind address of its own forwards (OpenSSH sends `localhost`). */
const OWN_BIND_ADDRESSES = new Set(['', 'localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const MAC = /^[0-9a-f]{12}$/;

/** One gateway's tunnel: its forwards and what went through it. */
export class Tunnel {
  /** Bind address of each forwarded service, as the gateway asked (forwardOut must repeat it). */
  readonly forwards = new Map<TunnelService, string>();
  readonly reached = new Set<TunnelService>();
  private channels = 0;
  private counted = { in: 0, out: 0 };

  constructor(
    readonly mac: string,
    readonly sessionId: string,
    readonly ip: string,
    private readonly conn: Connection,
    private readonly socket: Socket,
    private readonly maxChannels: number,
  ) {}

  /** Opens a connection to one of the gateway's forwarded services (a `forwarded-tcpip` channel). */
  open(service: TunnelService, origin: { ip: string; port: number }): Promise<Duplex> {
    const bindAddr = this.forwards.get(service);
    if (bindAddr === undefined) return Promise.reject(new TunnelError('notForwarded'));
    if (this.channels >= this.maxChannels) return Promise.reject(new TunnelError('busy'));
    this.channels++;
    return new Promise((resolve, reject) => {
      this.conn.forwardOut(
        bindAddr,
        TUNNEL_SERVICES[service],
        origin.ip,
        origin.port,
        (err, ch) => {
          if (err) {
            this.channels--;
            return reject(new TunnelError('refused'));
          }
          this.reached.add(service);
          ch.once('close', () => this.channels--);
          resolve(ch);
        },
      );
    });
  }

  /** Bytes each way since the last call (the SSH connection's own, encryption included). */
  takeUsage() {
    const now = { in: this.socket.bytesRead, out: this.socket.bytesWritten };
    const delta = { in: now.in - this.counted.in, out: now.out - this.counted.out };
    this.counted = now;
    return delta;
  }

  get openChannels() {
    return this.channels;
  }

  close() {
    this.socket.destroy();
  }
}

export class TunnelError extends Error {
  constructor(readonly reason: 'notForwarded' | 'busy' | 'refused' | 'offline') {
    super(`tunnel: ${reason}`);
  }
}

export interface TunnelServerOptions {
  hostKey: HostKey;
  authorize: TunnelAuthorizer;
  limits?: Partial<TunnelLimits>;
  onUp(t: Tunnel): void;
  /** The tunnel's forwards changed (the custom proxy needs its own). */
  onForwards(t: Tunnel): void;
  onDown(t: Tunnel): void;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/**
 * The SSH endpoint gateways connect their tunnels to (decision 0017): password login as
 * the MAC with the device secret, while the gateway has an open session; then only
 * `tcpip-forward` of the known services. Shells, exec, direct-tcpip and every other channel
 * a gateway opens are refused; a client refused too often is cut off, alone.
 */
export class TunnelServer {
  private readonly tunnels = new Map<string, Tunnel>();
  private readonly limits: TunnelLimits;
  private readonly ssh: ssh2.Server;
  private readonly tcp: NetServer;
  private preAuth = 0;
  /** Of those, per address. */
  private readonly preAuthShares: AddressShares;
  /** The client's address, where a balancer's PROXY protocol header named it. */
  private readonly clients = new WeakMap<Socket, string>();

  constructor(private readonly o: TunnelServerOptions) {
    this.limits = { ...DEFAULT_TUNNEL_LIMITS, ...o.limits };
    this.preAuthShares = new AddressShares(this.limits.preAuthPerAddress);
    this.ssh = new ssh2.Server({
      hostKeys: [o.hostKey.privateKey],
      ident: 'Atrium-tunnel',
      keepaliveInterval: 15_000,
      keepaliveCountMax: 3,
      algorithms: { cipher: [...TUNNEL_CIPHERS] },
    });
    this.ssh.on('connection', (conn: Connection, info: { ip: string }) =>
      this.serve(conn, this.clientOf(conn) ?? info.ip),
    );
    this.tcp = createServer((socket) => this.accept(socket));
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.tcp.once('error', reject);
      this.tcp.listen(port, host, () => {
        const address = this.tcp.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  get(mac: string): Tunnel | undefined {
    return this.tunnels.get(mac);
  }

  all(): Tunnel[] {
    return [...this.tunnels.values()];
  }

  /** Ends a gateway's tunnel and every connection through it, at once. */
  drop(mac: string) {
    const t = this.tunnels.get(mac);
    if (!t) return;
    this.tunnels.delete(mac);
    this.o.onDown(t);
    t.close();
  }

  async close() {
    this.tunnels.forEach((t) => t.close());
    await new Promise<void>((resolve) => this.tcp.close(() => resolve()));
  }

  /**
   * A TCP connection: counted until it logs in, closed if it takes too long or too many wait.
   * Behind a balancer that speaks PROXY protocol, its header is read first, within the same
   * login timeout, and the client it names is the address counted.
   */
  private accept(socket: Socket) {
    if (this.preAuth >= this.limits.preAuthMax) return socket.destroy();
    this.preAuth++;
    let waiting = true;
    let share: (() => void) | undefined;
    const settle = () => {
      if (!waiting) return;
      waiting = false;
      this.preAuth--;
      share?.();
      clearTimeout(timer);
    };
    const timer = setTimeout(() => socket.destroy(), this.limits.loginTimeoutMs);
    socket.once('close', settle);
    socket.once('atrium:login', settle);
    socket.on('error', () => socket.destroy());
    // No Nagle: a window adjustment or a small reply must not wait for the peer's delayed ACK.
    socket.setNoDelay(true);
    const serve = (address: string | undefined) => {
      if (socket.destroyed) return;
      share = this.preAuthShares.take(address);
      if (!share) return socket.destroy();
      if (address !== undefined && address !== socket.remoteAddress) {
        this.clients.set(socket, address);
      }
      this.ssh.injectSocket(socket);
    };
    if (!this.limits.proxyProtocol) return serve(socket.remoteAddress);
    readProxyHeader(socket).then(serve, () => socket.destroy());
  }

  /** ssh2 keeps the socket it serves in `_sock` (no public accessor): byte counts and cut-offs need it. */
  private socketOf(conn: Connection): Socket {
    return (conn as unknown as { _sock: Socket })._sock;
  }

  /** The client a balancer's PROXY protocol header named, if any. */
  private clientOf(conn: Connection): string | undefined {
    return this.clients.get(this.socketOf(conn));
  }

  private serve(conn: Connection, ip: string) {
    const socket = this.socketOf(conn);
    let refusals = 0;
    let tunnel: Tunnel | undefined;
    const refuse = (why: string) => {
      if (++refusals >= this.limits.maxRefusals) {
        this.o.log.warn({ ip, mac: tunnel?.mac, why }, 'tunnel client cut off');
        socket.destroy();
      }
    };
    conn.on('error', () => socket.destroy());
    conn.on('authentication', (ctx) => {
      if (ctx.method !== 'password' || !MAC.test(ctx.username)) {
        refuse('login method');
        return ctx.reject(['password']);
      }
      void this.o.authorize(ctx.username, ctx.password).then(
        (granted) => {
          if (!granted) {
            refuse('login');
            return ctx.reject(['password']);
          }
          tunnel = new Tunnel(
            ctx.username,
            granted.sessionId,
            ip,
            conn,
            socket,
            this.limits.maxChannels,
          );
          ctx.accept();
        },
        (err: unknown) => {
          // The check failed, not the login (the database did not answer): a refusal would make
          // the gateway give up its session for good, a cut connection makes it try again.
          this.o.log.warn({ err, mac: ctx.username }, 'tunnel login check failed');
          socket.destroy();
        },
      );
    });
    conn.on('ready', () => {
      if (!tunnel) return socket.destroy();
      socket.emit('atrium:login');
      this.up(tunnel);
    });
    conn.on('request', (accept, reject, name, info) => {
      const service = serviceOfPort(info.bindPort);
      const own = OWN_BIND_ADDRESSES.has(info.bindAddr) || info.bindAddr === tunnel?.mac;
      if (!tunnel || !service || !own) {
        refuse(`forward ${info.bindAddr}:${info.bindPort}`);
        return reject?.();
      }
      if (name === 'tcpip-forward') tunnel.forwards.set(service, info.bindAddr);
      else tunnel.forwards.delete(service);
      accept?.();
      if (this.tunnels.get(tunnel.mac) === tunnel) this.o.onForwards(tunnel);
    });
    const no = (_accept: unknown, reject: () => void) => {
      refuse('channel');
      reject();
    };
    conn.on('session', no);
    conn.on('tcpip', no);
    conn.on('openssh.streamlocal', no);
    conn.on('close', () => {
      if (tunnel && this.tunnels.get(tunnel.mac) === tunnel) {
        this.tunnels.delete(tunnel.mac);
        this.o.onDown(tunnel);
      }
    });
  }

  /** A newer tunnel of the same gateway replaces the older one (a reconnect after a cut). */
  private up(t: Tunnel) {
    const old = this.tunnels.get(t.mac);
    this.tunnels.set(t.mac, t);
    if (old) {
      this.o.onDown(old);
      old.close();
    }
    this.o.log.info({ mac: t.mac, ip: t.ip }, 'tunnel up');
    this.o.onUp(t);
  }
}
