/**
 * A reminder survives the death of the instance about to send it: the real server
 * (src/server/main.ts) in a child process finds booking reminders due and is killed with SIGKILL
 * as soon as the first of them reaches the outbox, while the others are claimed, half sent or not
 * yet looked at, three times. After the last restart every booking has had its reminder, and
 * exactly one: a mail written again after a crash is the same mail (its Message-ID is its job's),
 * so the count is of distinct Message-IDs per booker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { insertMarketplace } from '../testing/marketplace-fixtures';
import { childServerStore, type ChildServerStore } from '../testing/child-server';
import { outboxFiles } from '../testing/outbox';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainModule = path.join(root, 'src/server/main.ts');
const BOOKINGS = 150;
const KILLS = 3;
const CREATED = '2026-01-01T00:00:00.000Z';
const email = (i: number) => `reminded${i}@souk.test`;

let store: ChildServerStore;

beforeAll(async () => {
  store = await childServerStore('remindcrash', root);
  const handle = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  await insertMarketplace(handle.db);
  await handle.db
    .insertInto('booking_tables')
    .values({ id: 'crash-table', firm_id: 'f1', name: 'Crash', seats: 4, created_at: CREATED })
    .execute();
  const now = new Date().toISOString();
  for (let i = 0; i < BOOKINGS; i++) {
    // a day apart, far ahead: each booking's reminder is due now (as if its hour had come)
    const startsAt = new Date(Date.UTC(2099, 0, 1 + i, 12)).toISOString();
    const id = `crash-booking-${i}`;
    await handle.db
      .insertInto('bookings')
      .values({
        id,
        firm_id: 'f1',
        table_id: 'crash-table',
        starts_at: startsAt,
        ends_at: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
        party: 2,
        user_id: null,
        guest_name: `Guest ${i}`,
        guest_email: email(i),
        status: 'confirmed',
        created_at: CREATED,
        language: 'en',
      })
      .execute();
    await handle.db
      .insertInto('jobs')
      .values({
        id: `crash-reminder-${i}`,
        kind: 'booking.reminder',
        payload: JSON.stringify({ bookingId: id, startsAt }),
        key: `booking-reminder:${id}:${startsAt}`,
        tag: null,
        run_at: now,
        locked_by: null,
        locked_until: null,
        last_error: null,
        failed_at: null,
        created_at: now,
      })
      .execute();
  }
  await handle.close();
}, 60_000);

afterAll(() => store.remove());

const mails = () => outboxFiles(store.dataDir);

/** Each booker's reminders in the outbox, as the set of their Message-IDs. */
function remindersByBooker(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of mails()) {
    const head = fs
      .readFileSync(file, 'utf8')
      .split('\n\n', 1)[0]
      .replace(/\n[ \t]+/g, ' ');
    if (!/^subject:.*reminder/im.test(head)) continue;
    const to = /^to:\s*(\S+)/im.exec(head)![1];
    const id = /^message-id:\s*(\S+)/im.exec(head)![1];
    found.set(to, (found.get(to) ?? new Set()).add(id));
  }
  return found;
}

const start = () => store.start(['--import', 'tsx', mainModule], { LOG_LEVEL: 'error', JOB_LEASE_SECONDS: '2' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('booking reminders through SIGKILL', () => {
  it(`${KILLS} kills while reminders go: each booking is reminded exactly once`, async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      const before = mails().length;
      const server = await start();
      // a busy machine starts slowly: the kill waits for the first mail of this round however long it takes
      const deadline = Date.now() + 60_000;
      while (mails().length === before && Date.now() < deadline) await sleep(2);
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    const sentBeforeLast = remindersByBooker().size;
    const last = await start();
    // what the dead left: leases (2 s) to end, then the job poll (1 s) and the mails it writes
    const settleBy = Date.now() + 30_000;
    while (remindersByBooker().size < BOOKINGS && Date.now() < settleBy) await sleep(100);
    await sleep(4_000);
    last.child.kill('SIGKILL');
    await new Promise((resolve) => last.child.once('exit', resolve));

    const reminders = remindersByBooker();
    console.info(`reminder crash: ${sentBeforeLast} of ${BOOKINGS} reminded before the last restart, ${reminders.size} after`);
    // the kills came while reminders were going out
    expect(sentBeforeLast).toBeGreaterThan(0);
    expect(sentBeforeLast).toBeLessThan(BOOKINGS);
    expect([...reminders.keys()].sort()).toEqual(Array.from({ length: BOOKINGS }, (_, i) => email(i)).sort());
    expect([...reminders.values()].filter((ids) => ids.size !== 1)).toEqual([]);

    const handle = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl, migrate: false });
    const left = await handle.db.selectFrom('jobs').select(['kind', 'last_error']).execute();
    const unreminded = await handle.db.selectFrom('bookings').select('id').where('reminded_at', 'is', null).execute();
    await handle.close();
    expect(left).toEqual([]);
    expect(unreminded).toEqual([]);
  }, 300_000);
});
