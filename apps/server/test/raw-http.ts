import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A TCP connection to the server, written to by hand, that records what comes back. */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  isClosed(): boolean;
  /** Resolves once the socket closed, with the milliseconds it was open. */
  closed: Promise<number>;
}

/** Opens a connection (from `localAddress`, any 127.x.y.z on Linux) and writes `text` on it. */
export function openRaw(port: number, text: string, localAddress = '127.0.0.1') {
  return new Promise<RawConnection>((resolve, reject) => {
    const opened = Date.now();
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    let isClosed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined); // a reset counts as closed
    const closed = new Promise<number>((r) =>
      socket.once('close', () => {
        isClosed = true;
        r(Date.now() - opened);
      }),
    );
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, received: () => data, isClosed: () => isClosed, closed });
    });
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** Writes `chunks` one by one, `gapMs` apart, unless the socket closed meanwhile. */
export async function trickle(c: RawConnection, chunks: string[], gapMs: number) {
  for (const chunk of chunks) {
    await new Promise((r) => setTimeout(r, gapMs));
    if (c.isClosed()) return;
    c.socket.write(chunk);
  }
}

/** The request's head as a client sends it, ending with the blank line when `complete`. */
export function head(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  complete = true,
) {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n${complete ? '\r\n' : ''}`;
}

/** GET on a new connection from `localAddress`: the status, or 0 when the server refused it. */
export function getStatus(port: number, path: string, localAddress = '127.0.0.1') {
  return new Promise<number>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}
