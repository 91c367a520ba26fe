import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/schema';
import { FIXTURE_NOW, insertMarketplace } from './marketplace-fixtures';
import { createTestContext, type TestContext } from './test-app';

/**
 * The bookings' own tests on a clock they move: the marketplace's firm f1 in Paris, open from 12:00
 * to 22:00 every day, with one table for four ("window").
 */
export const BOOKING_FIRM = 'f1';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '12:00', close: '22:00' }));

async function openBookingFirm(clock: () => Date): Promise<TestContext> {
  const ctx = await createTestContext({ clock });
  await insertMarketplace(ctx.deps.db);
  await ctx.deps.db
    .updateTable('firms')
    .set({ timezone: 'Europe/Paris', opening_hours: JSON.stringify(everyDay) })
    .where('id', '=', BOOKING_FIRM)
    .execute();
  return ctx;
}

/** Before each test: no jobs, closures, bookings or rules of its own, and the one table. */
async function resetBookingFirm(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('jobs').execute();
  await db.deleteFrom('booking_closures').where('firm_id', '=', BOOKING_FIRM).execute();
  await db.deleteFrom('booking_tables').where('firm_id', '=', BOOKING_FIRM).execute();
  await db.deleteFrom('booking_rules').where('firm_id', '=', BOOKING_FIRM).execute();
  await db
    .insertInto('booking_tables')
    .values({ id: 'window', firm_id: BOOKING_FIRM, name: 'Window', seats: 4, created_at: FIXTURE_NOW.toISOString() })
    .execute();
}

/** The usual grid (every 30 minutes, a 90-minute turn) with the deadline, reminder and horizon a test needs. */
async function setBookingRules(
  db: Kysely<Database>,
  rules: { cancelHours: number; reminderHours: number | null; aheadDays?: number },
): Promise<void> {
  await db
    .insertInto('booking_rules')
    .values({
      firm_id: BOOKING_FIRM,
      slot_minutes: 30,
      turn_minutes: 90,
      ahead_days: rules.aheadDays ?? 60,
      notice_minutes: 60,
      largest_party: 8,
      cancel_hours: rules.cancelHours,
      reminder_hours: rules.reminderHours,
    })
    .execute();
}

/**
 * The firm for one test file: opened before its tests, closed after them, put back before each,
 * with the clock at FIXTURE_NOW until `at` moves it.
 */
export function useBookingFirm() {
  let ctx: TestContext | undefined;
  let now = FIXTURE_NOW;
  beforeAll(async () => {
    ctx = await openBookingFirm(() => now);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    now = FIXTURE_NOW;
    await resetBookingFirm(ctx!.deps.db);
  });
  return {
    get ctx(): TestContext {
      if (!ctx) throw new Error('useBookingFirm(): the context exists once beforeAll has run');
      return ctx;
    },
    get now(): Date {
      return now;
    },
    /** the clock `offsetMs` after FIXTURE_NOW */
    at: (offsetMs: number) => (now = new Date(FIXTURE_NOW.getTime() + offsetMs)),
    setRules: (rules: { cancelHours: number; reminderHours: number | null; aheadDays?: number }) => setBookingRules(ctx!.deps.db, rules),
  };
}
