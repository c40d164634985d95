import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The decoded message (quoted-printable undone), headers and all parts. */
  body: string;
}

/** Undoes quoted-printable encoding (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server on loopback that keeps every mail it receives. */
export class Mailbox {
  readonly mails: CapturedMail[] = [];
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        this.waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const addr = this.server.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The n-th mail (default: the latest) to `to`, waiting up to `timeoutMs` for it. */
  async waitFor(to: string, count = 1, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = this.mails.filter((m) => m.to.includes(to.toLowerCase()));
      if (list.length >= count) return list[count - 1]!;
      if (Date.now() > deadline)
        throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  countTo(to: string): number {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase())).length;
  }
}

/** The token at the end of the mail's `/welcome/{route}/{token}` link. */
export function tokenIn(mail: CapturedMail, route: 'verifyEmail' | 'forgotPassword'): string {
  const m = new RegExp(`/welcome/${route}/([A-Za-z0-9_-]{20,})`).exec(mail.body);
  if (!m?.[1]) throw new Error(`no ${route} link in mail:\n${mail.body.slice(0, 2000)}`);
  return m[1];
}

/** The six-digit one-time code of a mail. */
export function codeIn(mail: CapturedMail): string {
  const m = /<b>(\d{6})<\/b>/.exec(mail.body);
  if (!m?.[1]) throw new Error('no code in mail');
  return m[1];
}
