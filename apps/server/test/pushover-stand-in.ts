import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** One push as the stand-in received it. */
export interface ReceivedPush {
  token: string;
  user: string;
  title: string;
  message: string;
  url: string | undefined;
  timestamp: string | undefined;
}

/** Pushover's keys: 30 letters and digits (its documentation's format). */
export const pushoverKey = () => randomUUID().replaceAll('-', '').slice(0, 30);

/**
 * A local HTTP server answering as Pushover's message API documents it: POST
 * /1/messages.json (form-encoded); 200 `{status: 1, request}`; 400 with `{token|user:
 * "invalid", errors, status: 0}` for a key it does not know; and, when told, 429 or 500.
 */
export class PushoverStandIn {
  readonly received: ReceivedPush[] = [];
  /** Every request, accepted or not, with the status it was given. */
  readonly answered: number[] = [];
  /** Application tokens and user keys it accepts. */
  readonly tokens = new Set<string>();
  readonly users = new Set<string>();
  /** Statuses to answer next (429, 500…), before the usual answer. */
  readonly script: number[] = [];
  private waiters: (() => void)[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: object) => {
        this.answered.push(status);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...body, request: randomUUID() }));
      };
      if (req.method !== 'POST' || req.url !== '/1/messages.json')
        return send(404, { status: 0, errors: ['not found'] });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const scripted = this.script.shift();
      if (scripted === 429)
        return send(429, { status: 0, errors: ['application has exceeded its message limit'] });
      if (scripted) return send(scripted, { status: 0, errors: ['internal error'] });
      const [token, user] = [form.get('token') ?? '', form.get('user') ?? ''];
      if (!this.tokens.has(token))
        return send(400, { token: 'invalid', errors: ['application token is invalid'], status: 0 });
      if (!this.users.has(user))
        return send(400, { user: 'invalid', errors: ['user identifier is invalid'], status: 0 });
      if (!form.get('message'))
        return send(400, {
          message: 'cannot be blank',
          errors: ['message cannot be blank'],
          status: 0,
        });
      this.received.push({
        token,
        user,
        title: form.get('title') ?? '',
        message: form.get('message') ?? '',
        url: form.get('url') ?? undefined,
        timestamp: form.get('timestamp') ?? undefined,
      });
      send(200, { status: 1 });
      this.waiters.splice(0).forEach((w) => w());
    });
  });

  /** Starts on a loopback port; resolves with the message endpoint's URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const addr = this.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    return `http://127.0.0.1:${port}/1/messages.json`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until `count` pushes were accepted. */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedPush[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = until - Date.now();
      if (left <= 0) throw new Error(`${this.received.length} pushes, expected ${count}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 100));
      });
    }
    return this.received.slice(0, count);
  }
}
