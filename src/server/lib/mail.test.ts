import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, defineMail, isolate, renderMail } from './mail';
import { createLogger } from './logger';
import { readOutbox } from '../testing/outbox';

const orderMail = defineMail<{ name: string; total: string; url: string }>({
  en: (p) => ({
    subject: `Order for ${p.name}`,
    blocks: [
      `Hello ${isolate(p.name)},`,
      { rows: [['Total', p.total]] },
      { button: { label: 'Open', url: p.url } },
      { note: 'Small print' },
    ],
  }),
  ar: (p) => ({ subject: `طلب ${p.name}`, blocks: [`مرحبًا ${isolate(p.name)}،`, { rows: [['المجموع', p.total]] }, { code: '123456' }] }),
  fr: (p) => ({ subject: `Commande de ${p.name}`, blocks: [`Bonjour ${isolate(p.name)},`] }),
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('renderMail', () => {
  it('renders the recipient’s language, right to left for Arabic, and falls back to English', () => {
    const ar = renderMail(orderMail, 'ar', { name: 'Amina', total: '12,00 €', url: 'https://souk.test/o/1' });
    expect(ar.language).toBe('ar');
    expect(ar.subject).toBe('طلب Amina');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('text-align:right');
    // a code reads left to right even in Arabic
    expect(ar.html).toContain('<p dir="ltr"');
    // the Latin name keeps its own direction inside Arabic text
    expect(ar.text).toContain('مرحبًا \u2068Amina\u2069،');
    expect(renderMail(orderMail, 'de-DE', { name: 'A', total: '1', url: 'u' }).language).toBe('en');
    expect(renderMail(orderMail, 'fr-CA', { name: 'A', total: '1', url: 'u' }).subject).toBe('Commande de A');
  });

  it('escapes what it interpolates in the HTML and prints links under their label in the text', () => {
    const mail = renderMail(orderMail, 'en', { name: '<b>Eve</b>', total: '5 $', url: 'https://souk.test/?a=1&b="2"' });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('href="https://souk.test/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Open:\nhttps://souk.test/?a=1&b="2"');
    expect(mail.text).toContain('Total: 5 $');
  });

  it('leaves the invisible direction marks out of a left-to-right text part and subject', () => {
    const en = renderMail(orderMail, 'en', { name: 'أمينة', total: '5 $', url: 'u' });
    expect(en.text).toContain('Hello أمينة,');
    expect(en.text).not.toMatch(/[\u2068\u2069]/);
    expect(en.html).toContain('\u2068أمينة\u2069');
  });
});

describe('the outbox transport', () => {
  it('writes a multipart mail with both parts and the language header', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-mail-'));
    dirs.push(dataDir);
    const mailer = createMailer({ dataDir, logger: createLogger('silent') });
    await mailer.send({ to: 'amina@souk.test', language: 'ar', template: orderMail, params: { name: 'Amina', total: '3 €', url: 'u' } });
    const [mail] = readOutbox(dataDir);
    expect(mail).toMatchObject({ to: 'amina@souk.test', language: 'ar', subject: 'طلب Amina' });
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('dir="rtl"');
  });
});
