import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { insertMember } from '../testing/order-fixtures';
import { readOutbox } from '../testing/outbox';
import { createAccountPurge } from '../modules/account/account.purge';
import { createJobQueue } from './jobs/queue';
import { createLogger } from './logger';
import { createMailer, defineMail } from './mail';

/**
 * The durable mail queue against a real SMTP server (smtp-server, in this process): a mail is
 * sent through the jobs table, waits while the server is down or refuses it, is sent again with
 * the back-off, and goes once however many processes poll; a purged account's queued mails and
 * outbox files go with it.
 */
const hello = defineMail<{ n: number }>({
  en: (p) => ({ subject: `Hello ${p.n}`, blocks: ['Hello.'] }),
  ar: (p) => ({ subject: `مرحبا ${p.n}`, blocks: ['مرحبا.'] }),
  fr: (p) => ({ subject: `Bonjour ${p.n}`, blocks: ['Bonjour.'] }),
});

let ctx: TestContext;
let time = new Date('2026-06-01T10:00:00Z');
const clock = () => time;
const advance = (ms: number) => (time = new Date(time.getTime() + ms));
const logger = createLogger('silent');
let port = 0;
let smtp: SMTPServer | undefined;
/** the mails the server took: Message-ID and subject */
let received: { messageId: string; subject: string }[] = [];
/** how many more messages the server refuses (a 451 after the data) */
let refusals = 0;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          messageId: /^message-id:\s*(.*)$/im.exec(data)?.[1]?.trim() ?? '',
          subject: /^subject:\s*(.*)$/im.exec(data)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    smtp!.listen(port, '127.0.0.1', () => {
      port = (smtp!.server.address() as AddressInfo).port;
      resolve();
    }),
  );
}
const stopSmtp = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

const queue = () => createJobQueue({ db: ctx.deps.db, dialect: ctx.deps.dialect, clock, logger });
const mailerOn = (jobs = queue()) => ({
  jobs,
  mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: ctx.dataDir, logger, jobs }),
});
const queued = () => ctx.deps.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail.send').execute();

beforeAll(async () => {
  ctx = await createTestContext();
  await startSmtp();
});
afterEach(async () => {
  await ctx.deps.db.deleteFrom('jobs').execute();
  received = [];
  refusals = 0;
  if (!smtp) await startSmtp();
});
afterAll(async () => {
  await stopSmtp();
  await ctx.close();
});

describe('the durable mail queue', () => {
  it('sends at once through SMTP, with the job as its Message-ID, and leaves nothing queued', async () => {
    const { mailer } = mailerOn();
    await mailer.send({ to: 'amina@example.com', language: 'fr', template: hello, params: { n: 1 } });
    expect(received).toEqual([{ messageId: expect.stringMatching(/^<[0-9a-f-]{36}@souk\.mail>$/), subject: 'Bonjour 1' }]);
    expect(await queued()).toEqual([]);
  });

  it('keeps a mail while the SMTP server is down and sends it, once, when it is back', async () => {
    await stopSmtp();
    smtp = undefined;
    const { mailer, jobs } = mailerOn();
    await mailer.send({ to: 'amina@example.com', language: 'en', template: hello, params: { n: 2 } });
    const [waiting] = await queued();
    expect(waiting).toMatchObject({ attempts: 1, tag: 'mail:amina@example.com', failed_at: null });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);
    advance(10_000);
    await jobs.runDue();
    expect((await queued())[0].attempts).toBe(2);
    await startSmtp();
    advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(received.map((mail) => mail.subject)).toEqual(['Hello 2']);
    expect(await queued()).toEqual([]);
  });

  it('sends again a mail the server refused, with the back-off', async () => {
    refusals = 1;
    const { mailer, jobs } = mailerOn();
    await mailer.send({ to: 'amina@example.com', language: 'en', template: hello, params: { n: 3 } });
    expect(received).toEqual([]);
    expect((await queued())[0].last_error).toMatch(/451/);
    // not before its delay
    expect(await jobs.runDue()).toBe(0);
    advance(10_000);
    await jobs.runDue();
    expect(received.map((mail) => mail.subject)).toEqual(['Hello 3']);
  });

  it('sends each mail once when several processes poll the queue together', async () => {
    await stopSmtp();
    smtp = undefined;
    const { mailer } = mailerOn();
    for (let n = 0; n < 12; n++) await mailer.send({ to: `p${n}@example.com`, language: 'en', template: hello, params: { n } });
    await startSmtp();
    advance(10_000);
    const processes = [mailerOn(), mailerOn(), mailerOn()];
    await Promise.all(processes.flatMap(({ jobs }) => [jobs.runDue(5), jobs.runDue(5)]));
    await Promise.all(processes.map(({ jobs }) => jobs.runDue(12)));
    expect(received).toHaveLength(12);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(12);
  });

  it("a purged account's queued mails and outbox files are removed, and nobody else's", async () => {
    await insertMember(ctx.deps.db, 'leaving');
    await stopSmtp();
    smtp = undefined;
    const { mailer } = mailerOn();
    await mailer.send({ to: 'leaving@example.com', language: 'en', template: hello, params: { n: 4 } });
    await mailer.send({ to: 'staying@example.com', language: 'en', template: hello, params: { n: 5 } });
    const outbox = createMailer({ dataDir: ctx.dataDir, logger, jobs: queue() });
    await outbox.send({ to: 'Leaving@Example.com', language: 'en', template: hello, params: { n: 6 } });
    await outbox.send({ to: 'staying@example.com', language: 'en', template: hello, params: { n: 7 } });
    expect(readOutbox(ctx.dataDir)).toHaveLength(2);

    await createAccountPurge({ db: ctx.deps.db, clock, storage: ctx.deps.storage, mailOutboxDir: ctx.dataDir }).purge('leaving');
    expect((await queued()).map((job) => job.tag)).toEqual(['mail:staying@example.com']);
    expect(readOutbox(ctx.dataDir).map((mail) => mail.to)).toEqual(['staying@example.com']);
  });
});
