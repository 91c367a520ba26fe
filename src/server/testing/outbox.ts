import fs from 'node:fs';
import path from 'node:path';

/**
 * The mails the server wrote to `${DATA_DIR}/outbox` (no SMTP_URL: server tests and e2e), read
 * back: headers, subject, language and the decoded text and HTML parts. Reads what nodemailer
 * writes (multipart, base64 or quoted-printable, RFC 2047 subjects), nothing more.
 */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** the Content-Language header: the language the mail was written in */
  language: string;
  text: string;
  html: string;
  /** an attached iCalendar file (a booking's), decoded; empty without one */
  calendar: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const index = raw.indexOf('\n\n');
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const quotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .split('')
      .map((ch) => ch.charCodeAt(0)),
  ).toString('utf8');

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
    );
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\n/, ''))));
}

function parseMail(file: string): OutboxMail {
  const message = splitPart(fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
  const parts = leaves(message);
  const ofType = (type: string) => parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  const calendar = ofType('text/calendar');
  return {
    file,
    to: message.headers.get('to') ?? '',
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    language: message.headers.get('content-language') ?? '',
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    calendar: calendar ? decodeBody(calendar) : '',
  };
}

/** The outbox's whole mails (a mail being written is a `.part` file until it is complete), oldest first. */
export function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => path.join(dir, file));
}

/** Every mail in the outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  return outboxFiles(dataDir).map(parseMail);
}

/** The latest mail to `email`, if any. */
export function lastMailTo(dataDir: string, email: string): OutboxMail | undefined {
  return readOutbox(dataDir)
    .reverse()
    .find((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/** The six-digit code of the latest mail to `email` that has one (whatever its language). */
export function codeFromOutbox(dataDir: string, email: string): string {
  for (const mail of readOutbox(dataDir).reverse()) {
    if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
    const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
    if (match) return match[1];
  }
  throw new Error(`no code mailed to ${email}`);
}

export function outboxCount(dataDir: string): number {
  return outboxFiles(dataDir).length;
}
