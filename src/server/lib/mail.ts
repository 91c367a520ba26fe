/**
 * Outgoing mail: every email is written from a template, in the recipient's language (en, ar, fr;
 * right-to-left for Arabic), with a plain-text and an HTML part. The whole API:
 *
 *   // 1. A template: one function per language, from the mail's parameters to its content.
 *   export const ticketsMail = defineMail<{ firstName: string; reference: string; url: string }>({
 *     en: (p) => ({
 *       subject: `Your tickets, order ${p.reference}`,
 *       blocks: [`Hello ${isolate(p.firstName)},`, 'Your tickets are ready.', { button: { label: 'Open my tickets', url: p.url } }],
 *     }),
 *     ar: (p) => ({ … }),
 *     fr: (p) => ({ … }),
 *   });
 *
 *   // 2. Sending it (deps.mail, built once by createApp):
 *   await deps.mail.send({ to: 'a@b.c', language: recipientLanguage, template: ticketsMail, params: { … } });
 *
 * Blocks, in order: a string is a paragraph; `{ code }` a one-time code set large; `{ button }` a
 * link drawn as a button (the text part prints the address under its label); `{ rows }` a
 * two-column summary (an order's lines: `[label, value]`); `{ note }` small print at the end.
 * Put names, emails, prices and other Latin or numeric runs inside Arabic text through
 * `isolate()` so they keep their own direction. Every interpolated value is escaped in the HTML.
 *
 * The recipient's language: `users.language` for a member (set at signup, updated by the language
 * picker); for someone without an account, the language of the request that causes the mail
 * (`requestLanguage(c.req.raw)` from src/shared/request-language.ts).
 *
 * Transport: SMTP when SMTP_URL is set, else `.eml` files in `${DATA_DIR}/outbox` (and the log);
 * src/server/testing/outbox.ts reads them back in tests.
 *
 * The app's mailer is durable (given `jobs`): `send` renders the mail, writes it to the jobs table
 * (lib/jobs, kind `mail.send`, tagged with the recipient so that a purge finds it) and tries it at
 * once; an SMTP server that is down or refuses it gets it again with a back-off, from whichever
 * process polls the jobs, until it takes it (each job is claimed by one process, so a mail goes
 * once; its Message-ID is the job's, so a resend after a crash is recognisable as the same mail).
 * The row is deleted once sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Logger } from './logger';
import type { Jobs } from './jobs';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { languageDirection, normalizeLanguage, type Language } from '../../shared/i18n';
import { escapeHtml } from './escape-html';

export { isolate } from '../../shared/bidi';
import { withoutIsolates } from '../../shared/bidi';

/** @public part of the mail API (see the header) */
export type MailBlock =
  | string
  | { code: string }
  | { button: { label: string; url: string } }
  | { rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { note: string };

/** @public part of the mail API (see the header) */
export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

/** A mail in the three interface languages. */
export type MailTemplate<P> = Record<Language, (params: P) => MailContent>;

export function defineMail<P>(template: MailTemplate<P>): MailTemplate<P> {
  return template;
}

/** @public part of the mail API (see the header) */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/** @public part of the mail API (see the header) */
export interface OutgoingMail<P> {
  to: string;
  /** the recipient's language; anything but en, ar or fr falls back to English */
  language: string;
  template: MailTemplate<P>;
  params: P;
  /** e.g. an order's tickets or an event's `.ics` */
  attachments?: MailAttachment[];
  /**
   * The transaction that decides the mail goes (a reminder marked sent): the mail is written in
   * it, so both commit or neither does, and goes at the next poll of the jobs.
   */
  within?: Transaction<Database>;
}

export interface RenderedMail {
  language: Language;
  subject: string;
  text: string;
  html: string;
}

/** How the server sends mail. */
export interface Mailer {
  send<P>(mail: OutgoingMail<P>): Promise<void>;
}

const BRAND = 'Souk';
const FOOTER: Record<Language, string> = {
  en: 'Souk: local places, menus, shops and events.',
  ar: 'سوق: أماكن ومطاعم ومتاجر وفعاليات قريبة منك.',
  fr: 'Souk : lieux, menus, boutiques et événements près de chez vous.',
};

function textBlock(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('code' in block) return `    ${block.code}`;
  if ('button' in block) return `${block.button.label}:\n${block.button.url}`;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.note;
}

function htmlBlock(block: MailBlock, dir: 'ltr' | 'rtl'): string {
  const align = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  if (typeof block === 'string') return `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(block)}</p>`;
  if ('code' in block) {
    // A code reads left to right in every language.
    return `<p dir="ltr" style="margin:8px 0 24px;text-align:center;font:700 30px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:8px;color:#0f172a">${escapeHtml(block.code)}</p>`;
  }
  if ('button' in block) {
    const { label, url } = block.button;
    return (
      `<p style="margin:8px 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;` +
      `text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#57534e;word-break:break-all" dir="ltr">${escapeHtml(url)}</p>`
    );
  }
  if ('rows' in block) {
    const rows = block.rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 0;text-align:${align}">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0;text-align:${end};font-weight:600">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
  }
  return `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#57534e">${escapeHtml(block.note)}</p>`;
}

/** A template in one language as its subject, text part and HTML part (sending, previews, tests). */
export function renderMail<P>(template: MailTemplate<P>, language: string, params: P): RenderedMail {
  const lang = normalizeLanguage(language);
  const dir = languageDirection(lang);
  const content = template[lang](params);
  // the isolates matter where Latin and Arabic meet; a left-to-right plain text is better off without them
  const plain = (value: string) => (dir === 'rtl' ? value : withoutIsolates(value));
  const text = plain([...content.blocks.map(textBlock), '', FOOTER[lang]].join('\n\n').replace(/\n{3,}/g, '\n\n'));
  const align = dir === 'rtl' ? 'right' : 'left';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f7f5f0;color:#1c1917;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Tahoma,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f5f0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:12px;text-align:${align}">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-weight:700;font-size:20px;color:#0f766e">${BRAND}</td></tr>
<tr><td style="padding:24px 28px">
${content.blocks.map((block) => htmlBlock(block, dir)).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:12px;color:#78716c">${escapeHtml(FOOTER[lang])}</td></tr>
</table></td></tr></table>
</body>
</html>
`;
  return { language: lang, subject: plain(content.subject), text, html };
}

function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** A rendered mail as the jobs table keeps it (attachments in base64). */
interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
}

const MAIL_JOB = 'mail.send';
/** An SMTP server down for a while, or refusing for a while: tried again for about a day. */
const MAIL_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000];

function queued<P>(mail: OutgoingMail<P>): QueuedMail {
  const rendered = renderMail(mail.template, mail.language, mail.params);
  return {
    to: mail.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    language: rendered.language,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentBase64: Buffer.from(file.content).toString('base64'),
      contentType: file.contentType,
    })),
  };
}

export function createMailer(options: { smtpUrl?: string; dataDir: string; from?: string; logger: Logger; jobs?: Jobs }): Mailer {
  const { logger, jobs } = options;
  const from = options.from ?? 'Souk <no-reply@souk.localhost>';
  const message = (mail: QueuedMail, messageId?: string) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId,
    headers: { 'Content-Language': mail.language },
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      content: Buffer.from(file.contentBase64, 'base64'),
      contentType: file.contentType,
    })),
  });
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl, logger) : outboxDelivery(options.dataDir, logger);
  if (!jobs) {
    return {
      async send(mail) {
        const rendered = queued(mail);
        await deliver(message(rendered), rendered);
      },
    };
  }
  jobs.define<QueuedMail>(MAIL_JOB, (mail, job) => deliver(message(mail, `<${job.id}@souk.mail>`), mail), {
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  });
  return {
    async send(mail) {
      const id = await jobs.enqueue(MAIL_JOB, queued(mail), { db: mail.within, tag: mailTag(mail.to) });
      // a job written in an open transaction is nobody's to run before the commit
      if (id && !mail.within) await jobs.runNow(id);
    },
  };
}

/** The tag a queued mail to this address carries (lib/jobs): a purge removes them by it. */
export const mailTag = (address: string) => `mail:${address.trim().toLowerCase()}`;

type Delivery = (message: SendMailOptions, mail: QueuedMail) => Promise<void>;

function smtpDelivery(smtpUrl: string, logger: Logger): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message, mail) => {
    await transport.sendMail(message);
    logger.info({ to: mail.to, subject: mail.subject, language: mail.language }, 'mail sent');
  };
}

function outboxDelivery(dataDir: string, logger: Logger): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message, mail) => {
    const info = await transport.sendMail(message);
    const dir = outboxDir(dataDir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`);
    // mail holds codes and links that sign in: readable by the server's user only. Written aside and renamed,
    // so a reader of the outbox never sees half a mail, even when the process dies while writing it.
    await fs.writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
    await fs.rename(`${file}.part`, file);
    // No SMTP server: the log is where a developer reads the code.
    logger.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
  };
}

/**
 * Deletes the outbox's mails to an address (an account purged with no SMTP server set: its codes,
 * links and order details go with it). The number removed.
 */
export async function forgetOutboxMailTo(dataDir: string, address: string): Promise<number> {
  const dir = outboxDir(dataDir);
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of files.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const head = (await fs.readFile(file, 'utf8')).split('\n\n', 1)[0].replace(/\n[ \t]+/g, ' ');
    const to = /^to:\s*(.*)$/im.exec(head)?.[1] ?? '';
    if (
      !to
        .toLowerCase()
        .split(/[\s,<>]+/)
        .includes(wanted)
    )
      continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
