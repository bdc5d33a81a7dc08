// Delivers one message: over SMTP when SMTP_URL is set, else as an .eml file in DATA_DIR/outbox.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * SMTP options from SMTP_URL. Query parameters of the URL (`?ignoreTLS=true`, `?secure=false`…)
 * override these defaults. A relay on loopback (a local Postfix, a test receiver) is spoken to
 * without STARTTLS: the traffic never leaves the machine, and such relays usually offer only a
 * self-signed certificate.
 */
export function smtpOptions(smtpUrl: string) {
  const host = new URL(smtpUrl).hostname.toLowerCase();
  return {
    url: smtpUrl,
    ignoreTLS: LOOPBACK_HOSTS.has(host),
    // A hung relay must not hold a delivery forever; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export function createTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    return {
      async send(message) {
        await transporter.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  // Without SMTP, build the same MIME message and keep it on disk for inspection.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.sendMail({ from: config.mailFrom, ...message });
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
    },
  };
}
