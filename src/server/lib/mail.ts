import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** How the server sends mail: SMTP when SMTP_URL is set, else .eml files in `${DATA_DIR}/outbox`. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(options: { smtpUrl?: string; dataDir: string; from?: string; logger: Logger }): Mailer {
  const from = options.from ?? 'Souk <no-reply@souk.localhost>';
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const dir = outboxDir(options.dataDir);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // No SMTP server: the log is where a developer reads the code.
      options.logger.info({ to: message.to, subject: message.subject, file, text: message.text }, 'mail written to outbox');
    },
  };
}
