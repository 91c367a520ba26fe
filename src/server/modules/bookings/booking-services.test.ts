import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPerson, useMarketplace } from '../../testing/marketplace-fixtures';
import { HttpError } from '../../lib/errors';
import { createBooking, freeSlots, type BookingRequest } from './bookings.service';
import { moveBooking } from './booking-moves';
import type { BookingNotices } from './booking-notices';

const market = useMarketplace();
const db = () => market.ctx.deps.db;
const FIRM = 'f1';
const NOW = new Date('2026-06-10T08:00:00.000Z');
// Friday 12 June in Paris (summer time, UTC+2): noon there is 10:00 UTC
const NOON = new Date('2026-06-12T10:00:00.000Z');
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '12:00', close: '14:00' }));
const at = (hhmm: string) => new Date(`2026-06-12T${hhmm}:00.000+02:00`);

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  firmId: FIRM,
  startsAt: NOON,
  party: 1,
  serviceId: 'cut',
  staffId: 'emp-amira',
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

const times = (slots: Date[]) =>
  slots.map((slot) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(slot));

beforeAll(async () => {
  await db()
    .updateTable('firms')
    .set({ timezone: 'Europe/Paris', opening_hours: JSON.stringify(everyDay) })
    .where('id', '=', FIRM)
    .execute();
  for (const name of ['amira', 'bilal']) {
    await insertPerson(db(), `user-${name}`, { first_name: name[0].toUpperCase() + name.slice(1) });
    await db()
      .insertInto('employments')
      .values({
        id: `emp-${name}`,
        firm_id: FIRM,
        user_id: `user-${name}`,
        user_role: 'STAFF',
        profession: null,
        active: 1,
        created_at: NOW.toISOString(),
      })
      .execute();
  }
});

beforeEach(async () => {
  await db().deleteFrom('bookings').where('firm_id', '=', FIRM).execute();
  await db().deleteFrom('booking_services').where('firm_id', '=', FIRM).execute();
  // 30 minutes with 15 kept free after it (clearing up), on the default half-hour grid
  await db()
    .insertInto('booking_services')
    .values({
      id: 'cut',
      firm_id: FIRM,
      name: 'Haircut',
      duration_minutes: 30,
      price_minor: null,
      buffer_before: 0,
      buffer_after: 15,
      created_at: NOW.toISOString(),
    })
    .execute();
  await db()
    .insertInto('booking_service_staff')
    .values([
      { service_id: 'cut', employment_id: 'emp-amira' },
      { service_id: 'cut', employment_id: 'emp-bilal' },
    ])
    .execute();
});

describe('service bookings', () => {
  it("gives one staff member's last slot to exactly one of 100 people booking at once", async () => {
    // without a buffer, Amira's day is taken but for 13:30
    await db().updateTable('booking_services').set({ buffer_after: 0 }).where('id', '=', 'cut').execute();
    for (const start of ['12:00', '12:30', '13:00']) await createBooking(db(), request({ startsAt: at(start) }), NOW);
    expect(times(await freeSlots(db(), request(), '2026-06-12', NOW))).toEqual(['13:30']);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        createBooking(db(), request({ startsAt: at('13:30'), guestEmail: `guest${i}@souk.test` }), NOW),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(99);
    expect(refused.every((result) => result.reason instanceof HttpError && result.reason.code === 'slot_taken')).toBe(true);
    const rows = await db()
      .selectFrom('bookings')
      .select('id')
      .where('staff_id', '=', 'emp-amira')
      .where('starts_at', '=', at('13:30').toISOString())
      .execute();
    expect(rows).toHaveLength(1);
    expect(await freeSlots(db(), request(), '2026-06-12', NOW)).toEqual([]);
  });

  it('keeps the buffer after a booking free, and offers the next start that clears it', async () => {
    await createBooking(db(), request(), NOW);
    // 12:00–12:30 and 15 minutes after it: 12:30 would start inside the buffer
    const error = await refusal(createBooking(db(), request({ startsAt: at('12:30') }), NOW));
    expect(error.code).toBe('slot_taken');
    expect(error.extensions?.nextSlots?.[0]).toBe(at('13:00').toISOString());
    // the service ends by closing time: 13:30 is the last start of a day open until 14:00
    expect(times(await freeSlots(db(), request(), '2026-06-12', NOW))).toEqual(['13:00', '13:30']);
  });

  it('keeps the buffer before a booking free as well', async () => {
    await db().updateTable('booking_services').set({ buffer_before: 10, buffer_after: 0 }).where('id', '=', 'cut').execute();
    await createBooking(db(), request({ startsAt: at('13:00') }), NOW);
    // 12:30–13:00 would end inside the ten minutes kept before 13:00
    expect(times(await freeSlots(db(), request(), '2026-06-12', NOW))).toEqual(['12:00']);
  });

  it('takes whoever of the staff is free when none is chosen, and no more of them than there are', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => createBooking(db(), request({ staffId: undefined, guestEmail: `g${i}@souk.test` }), NOW)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    const staff = await db().selectFrom('bookings').select('staff_id').where('firm_id', '=', FIRM).orderBy('staff_id').execute();
    expect(staff.map((row) => row.staff_id)).toEqual(['emp-amira', 'emp-bilal']);
  });

  it("holds a staff member's time across services", async () => {
    await db()
      .insertInto('booking_services')
      .values({
        id: 'colour',
        firm_id: FIRM,
        name: 'Colour',
        duration_minutes: 60,
        price_minor: 4500,
        buffer_before: 0,
        buffer_after: 0,
        created_at: NOW.toISOString(),
      })
      .execute();
    await db().insertInto('booking_service_staff').values({ service_id: 'colour', employment_id: 'emp-amira' }).execute();
    await createBooking(db(), request({ serviceId: 'colour', startsAt: at('12:00') }), NOW);
    expect(times(await freeSlots(db(), request(), '2026-06-12', NOW))).toEqual(['13:00', '13:30']);
    // Bilal is free all along
    expect(times(await freeSlots(db(), request({ staffId: 'emp-bilal' }), '2026-06-12', NOW))).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
  });

  it('refuses a staff member who does not give the service, and a service of another firm', async () => {
    await db().deleteFrom('booking_service_staff').where('employment_id', '=', 'emp-bilal').execute();
    expect((await refusal(createBooking(db(), request({ staffId: 'emp-bilal' }), NOW))).code).toBe('slot_taken');
    expect((await refusal(createBooking(db(), request({ firmId: 'f2' }), NOW))).code).toBe('no_such_service');
  });

  it("moves a service booking with its staff member, freeing the old time and keeping the service's length", async () => {
    const { id } = await createBooking(db(), request(), NOW);
    const quiet = { moved: async () => undefined } as unknown as BookingNotices;
    await moveBooking(db(), { id, startsAt: at('13:00'), byBooker: false, language: 'en' }, NOW, quiet);
    const row = await db()
      .selectFrom('bookings')
      .select(['staff_id', 'starts_at', 'ends_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ staff_id: 'emp-amira', starts_at: at('13:00').toISOString(), ends_at: at('13:30').toISOString() });
    expect(times(await freeSlots(db(), request(), '2026-06-12', NOW))).toEqual(['12:00']);
  });
});
