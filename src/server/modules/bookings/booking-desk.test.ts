import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channels } from '../../lib/realtime';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { insertPaidService, PAID_SERVICE } from '../../testing/paid-service-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;
// the fixture clock reads 2026-06-10T12:00Z; Friday 12 June in Paris is summer time (UTC+2)
const NOON = '2026-06-12T10:00:00.000Z';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '12:00', close: '22:00' }));

const send = (actor: Actor, path: string, method = 'GET', body?: unknown) =>
  workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
const bookByPhone = (body: Record<string, unknown>) =>
  send('staff', `/api/dashboard/booking-desk/bookings?firmId=${FIRM}`, 'POST', { startsAt: NOON, party: 2, ...body });
const act = (id: string, action: string) => send('staff', `/api/dashboard/bookings/${id}/${action}`, 'POST');

beforeAll(async () => {
  await db()
    .updateTable('firms')
    .set({ timezone: 'Europe/Paris', opening_hours: JSON.stringify(everyDay) })
    .where('id', '=', FIRM)
    .execute();
});

beforeEach(async () => {
  await db().deleteFrom('bookings').where('firm_id', '=', FIRM).execute();
  await db().deleteFrom('booking_services').where('firm_id', '=', FIRM).execute();
  await db().deleteFrom('booking_tables').where('firm_id', '=', FIRM).execute();
  await db()
    .insertInto('booking_tables')
    .values({ id: 'desk-table', firm_id: FIRM, name: 'Window', seats: 4, created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
});

describe('the bookings desk', () => {
  it('books a caller through the same hold as the page: the taken slot answers 409 with the next free starts', async () => {
    const live: unknown[] = [];
    const stop = workspace.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => live.push(event));
    const first = await bookByPhone({ guestName: 'Caller One', guestPhone: '+33 6 12 34 56 78' });
    stop();
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect(live).toContainEqual({ type: 'bookings', data: {} });

    const list = await send('staff', `/api/dashboard/bookings?firmId=${FIRM}&from=2026-06-12T00:00:00.000Z&to=2026-06-13T00:00:00.000Z`);
    const listed = (await list.json()) as { bookings: { id: string; guestName: string; guestPhone: string | null; guestEmail: string }[] };
    expect(listed.bookings).toMatchObject([{ id, guestName: 'Caller One', guestPhone: '+33 6 12 34 56 78', guestEmail: '' }]);

    // the one table is held for the turn: a second caller at noon, or a member, gets a 409
    const second = await bookByPhone({ guestName: 'Caller Two' });
    expect(second.status).toBe(409);
    const problem = (await second.json()) as { code: string; nextSlots: string[] };
    expect(problem.code).toBe('slot_taken');
    expect(problem.nextSlots[0]).toBe('2026-06-12T11:30:00.000Z');
    const member = await send('stranger', '/api/user/bookings', 'POST', { firmId: FIRM, startsAt: NOON, party: 2 });
    expect(member.status).toBe(409);
  });

  it("books a service for a caller with the same hold of a staff member's time as online, paid at the firm", async () => {
    await insertPaidService(db(), FIRM);
    const service = { serviceId: PAID_SERVICE.id, staffId: PAID_SERVICE.staffId, party: 1 };
    const first = await bookByPhone({ ...service, guestName: 'Caller Three', guestEmail: 'three@souk.test' });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    // confirmed at once: nobody is sent to a payment step, the hold does not lapse
    expect(
      await db().selectFrom('bookings').select(['status', 'staff_id', 'pay_minor', 'confirm_by']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({ status: 'confirmed', staff_id: PAID_SERVICE.staffId, pay_minor: null, confirm_by: null });

    // Amira's 30 minutes are held: another caller, or a member online, is offered her next free start
    const second = await bookByPhone({ ...service, guestName: 'Caller Four' });
    expect(second.status).toBe(409);
    const problem = (await second.json()) as { code: string; nextSlots: string[] };
    expect([problem.code, problem.nextSlots[0]]).toEqual(['slot_taken', '2026-06-12T10:30:00.000Z']);
    const member = await send('stranger', '/api/user/bookings', 'POST', { firmId: FIRM, startsAt: NOON, ...service });
    expect(member.status).toBe(409);
    // the table is still free at noon: the two kinds hold different things
    expect((await bookByPhone({ guestName: 'Caller Five' })).status).toBe(201);
    // a service of another firm is refused
    expect((await bookByPhone({ guestName: 'Caller Six', serviceId: 'nope', party: 1 })).status).toBe(409);
  });

  it('refuses a phone number that is not one, and a missing name', async () => {
    expect((await bookByPhone({ guestName: 'Caller', guestPhone: 'call me' })).status).toBe(400);
    expect((await bookByPhone({ guestName: '' })).status).toBe(400);
  });

  it("keeps the team's notes and counts the guest's visits and no-shows by their email", async () => {
    const insert = (id: string, startsAt: string, status: string) =>
      db()
        .insertInto('bookings')
        .values({
          id,
          firm_id: FIRM,
          table_id: 'desk-table',
          starts_at: startsAt,
          ends_at: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
          party: 2,
          user_id: null,
          guest_name: 'Regular',
          guest_email: 'regular@souk.test',
          status,
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    await insert('desk-past-1', '2026-05-01T18:00:00.000Z', 'confirmed');
    await insert('desk-past-2', '2026-05-08T18:00:00.000Z', 'no_show');
    await insert('desk-past-3', '2026-05-15T18:00:00.000Z', 'cancelled');
    await insert('desk-now', '2026-06-10T11:30:00.000Z', 'confirmed');
    // someone else's booking counts for nobody here
    await db().updateTable('bookings').set({ guest_email: 'other@souk.test' }).where('id', '=', 'desk-past-3').execute();

    expect(await (await act('desk-now', 'seat')).json()).toEqual({ id: 'desk-now', status: 'seated' });
    // a party at its table is no longer cancelled, nor a no-show
    expect((await act('desk-now', 'cancel')).status).toBe(409);

    const noted = await send('staff', '/api/dashboard/booking-desk/bookings/desk-now/notes', 'POST', { body: 'Allergic to nuts' });
    expect(noted.status).toBe(201);
    expect((await send('staff', '/api/dashboard/booking-desk/bookings/desk-now/notes', 'POST', { body: '   ' })).status).toBe(400);

    const guest = await (await send('manager', '/api/dashboard/booking-desk/bookings/desk-now/guest')).json();
    expect(guest).toMatchObject({
      visits: 2,
      noShows: 1,
      cancelled: 0,
      recent: [
        { id: 'desk-past-2', status: 'no_show' },
        { id: 'desk-past-1', status: 'confirmed' },
      ],
      notes: [{ body: 'Allergic to nuts', authorName: 'Staff Tester' }],
    });
  });
});
