import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link or code the mail carries: logged only when mails go to the outbox (no SMTP). */
  preview?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * Sends through SMTP_URL; without it, writes each mail as an .eml file in the
 * outbox folder and logs its link, so the embedded default needs no mail server.
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...message(mail) });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  mkdirSync(opts.outboxDir, { recursive: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...message(mail) });
      const file = join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      opts.log.info(
        { to: mail.to, subject: mail.subject, file, preview: mail.preview },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}

/** The fields nodemailer sends (the preview stays in our logs). */
function message(mail: Mail) {
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}
