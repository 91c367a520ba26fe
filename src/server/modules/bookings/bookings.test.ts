import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';
import { HttpError } from '../../lib/errors';
import { createBooking, freeSlots, type BookingRequest } from './bookings.service';

const market = useMarketplace();
const db = () => market.ctx.deps.db;
const FIRM = 'f1';
const NOW = new Date('2026-06-10T08:00:00.000Z');
// Friday 12 June, noon in Paris (summer time, UTC+2)
const NOON = new Date('2026-06-12T10:00:00.000Z');
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '12:00', close: '22:00' }));

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  firmId: FIRM,
  startsAt: NOON,
  party: 2,
  userId: null,
  guestName: 'Léa Martin',
  guestEmail: 'lea@souk.test',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeAll(async () => {
  await db()
    .updateTable('firms')
    .set({ timezone: 'Europe/Paris', opening_hours: JSON.stringify(everyDay) })
    .where('id', '=', FIRM)
    .execute();
});

beforeEach(async () => {
  await db().deleteFrom('booking_tables').where('firm_id', '=', FIRM).execute();
  await db()
    .insertInto('booking_tables')
    .values({ id: 'window', firm_id: FIRM, name: 'Window', seats: 4, created_at: NOW.toISOString() })
    .execute();
});

describe('table bookings', () => {
  it('gives the last table of a slot to exactly one of 100 people booking at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => createBooking(db(), request({ guestEmail: `guest${i}@souk.test` }), NOW)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(99);
    expect(refused.every((result) => result.reason instanceof HttpError && result.reason.code === 'slot_taken')).toBe(true);
    const rows = await db().selectFrom('bookings').select('id').where('table_id', '=', 'window').execute();
    expect(rows).toHaveLength(1);
  });

  it('holds the table for the whole turn and offers the next free starts when refused', async () => {
    await createBooking(db(), request(), NOW);
    // the default turn is 90 minutes: 12:30 and 13:00 overlap the noon booking, 13:30 is free
    const error = await refusal(createBooking(db(), request({ startsAt: new Date('2026-06-12T10:30:00.000Z') }), NOW));
    expect(error.code).toBe('slot_taken');
    expect(error.extensions?.nextSlots?.[0]).toBe('2026-06-12T11:30:00.000Z');
    const free = await freeSlots(db(), { firmId: FIRM, party: 2 }, '2026-06-12', NOW);
    expect(free[0]?.toISOString()).toBe('2026-06-12T11:30:00.000Z');
  });

  it('puts a second party at the next table with room', async () => {
    await db()
      .insertInto('booking_tables')
      .values({ id: 'terrace', firm_id: FIRM, name: 'Terrace', seats: 6, created_at: NOW.toISOString() })
      .execute();
    await createBooking(db(), request(), NOW);
    const second = await createBooking(db(), request(), NOW);
    const row = await db().selectFrom('bookings').select('table_id').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.table_id).toBe('terrace');
  });

  it('refuses a party no table seats, a time off the grid, and a time inside the latest notice', async () => {
    expect((await refusal(createBooking(db(), request({ party: 5 }), NOW))).code).toBe('slot_taken');
    expect((await refusal(createBooking(db(), request({ party: 9 }), NOW))).code).toBe('party_too_large');
    expect((await refusal(createBooking(db(), request({ startsAt: new Date('2026-06-12T10:10:00.000Z') }), NOW))).code).toBe('not_a_slot');
    const soon = new Date(NOON.getTime() - 30 * 60_000);
    expect((await refusal(createBooking(db(), request(), soon))).code).toBe('not_a_slot');
  });
});
