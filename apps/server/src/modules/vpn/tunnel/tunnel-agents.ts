import { Agent as HttpAgent, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { serviceOfPort } from '@atrium/contracts/vpn';
import type { Tunnel } from './tunnel-server';

/** Host names `{mac}.tunnel` stand for a gateway's tunnel in the proxy's upstream URLs. */
export const TUNNEL_HOST_SUFFIX = '.tunnel';
export const tunnelHost = (mac: string) => `${mac}${TUNNEL_HOST_SUFFIX}`;

type Callback = (err: Error | null, socket?: Duplex) => void;
type Options = { host?: string | null; port?: number | string | null; servername?: string };

const noop = () => {};

/**
 * What Node's HTTP client calls on a socket, on an SSH channel. `setTimeout` works as a
 * socket's does (a 'timeout' after that long without data), so the proxy's upstream timeout
 * ends a request to a page that never answers; the rest is harmless.
 */
function asSocket(channel: Duplex): Socket {
  let timer: NodeJS.Timeout | undefined;
  let idleMs = 0;
  let lastData = 0;
  // One timer per idle period, not one per chunk: it looks at the last chunk's time when it fires.
  const fire = () => {
    const quiet = performance.now() - lastData;
    if (quiet < idleMs) timer = setTimeout(fire, idleMs - quiet);
    else {
      timer = undefined;
      channel.emit('timeout');
    }
  };
  channel.on('data', () => {
    lastData = performance.now();
  });
  channel.once('close', () => clearTimeout(timer));
  const socket = Object.assign(channel, {
    setKeepAlive: noop,
    setNoDelay: noop,
    // As net.Socket's: 0 disarms and removes the callback (the HTTP agent does so on every reuse).
    setTimeout: (ms: number, onTimeout?: () => void) => {
      idleMs = ms;
      clearTimeout(timer);
      timer = undefined;
      if (ms === 0) {
        if (onTimeout) channel.removeListener('timeout', onTimeout);
        return socket;
      }
      lastData = performance.now();
      timer = setTimeout(fire, ms);
      if (onTimeout) channel.once('timeout', onTimeout);
      return socket;
    },
    ref: noop,
    unref: noop,
    destroySoon: () => channel.destroy(),
  });
  return socket as unknown as Socket;
}

/** Opens the channel for `{mac}.tunnel:{port}`, or a plain TCP connection for any other host. */
function connectThrough(
  tunnel: (mac: string) => Tunnel | undefined,
  options: Options,
  done: (err: Error | null, stream?: Duplex) => void,
) {
  const host = options.host ?? '';
  const port = Number(options.port);
  if (!host.endsWith(TUNNEL_HOST_SUFFIX)) {
    const socket = netConnect({ host, port });
    socket.once('connect', () => done(null, socket)).once('error', done);
    return;
  }
  const t = tunnel(host.slice(0, -TUNNEL_HOST_SUFFIX.length));
  const service = serviceOfPort(port);
  if (!t || !service) return done(new Error('tunnel not connected'));
  t.open(service, { ip: '127.0.0.1', port: 0 }).then((ch) => done(null, ch), done);
}

/**
 * HTTP agents whose connections are channels of a gateway's tunnel (as ssh2's own
 * HTTPAgent does on the client side), kept alive between requests like any socket.
 */
export function tunnelAgents(tunnel: (mac: string) => Tunnel | undefined, options: AgentOptions) {
  class TunnelHttpAgent extends HttpAgent {
    override createConnection(o: Options, cb: Callback) {
      connectThrough(tunnel, o, (err, stream) =>
        err || !stream ? cb(err ?? new Error('no stream')) : cb(null, asSocket(stream)),
      );
      return undefined as unknown as Socket;
    }
  }
  /** HTTPS targets of a custom proxy: TLS inside the channel; LAN devices' certificates are self-signed. */
  class TunnelHttpsAgent extends HttpsAgent {
    override createConnection(o: Options, cb: Callback) {
      connectThrough(tunnel, o, (err, stream) => {
        if (err || !stream) return cb(err ?? new Error('no stream'));
        const tls = tlsConnect({
          socket: stream,
          servername: o.servername,
          rejectUnauthorized: false,
        });
        tls.once('secureConnect', () => cb(null, tls)).once('error', cb);
      });
      return undefined as unknown as Socket;
    }
  }
  return {
    'http:': new TunnelHttpAgent({ keepAlive: true, ...options }),
    'https:': new TunnelHttpsAgent({ keepAlive: true, ...options }),
  };
}
