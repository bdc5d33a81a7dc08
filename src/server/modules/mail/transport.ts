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

export function createTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(config.smtpUrl);
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
