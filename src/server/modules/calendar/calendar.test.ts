import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;
const send = (actor: Actor, path: string, method = 'GET') => workspace.as(actor, path, { method });
const CREATED = '2026-01-01T00:00:00.000Z';

async function insertBooking(id: string, startsAt: string, status = 'confirmed', guestName = 'Guest') {
  await db()
    .insertInto('bookings')
    .values({
      id,
      firm_id: FIRM,
      table_id: 'cal-table',
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
      party: 2,
      user_id: null,
      guest_name: guestName,
      guest_email: 'guest@souk.test',
      status,
      created_at: CREATED,
    })
    .execute();
}

/** The path of a feed URL on this server. */
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  await db().updateTable('firms').set({ timezone: 'Europe/Paris' }).where('id', '=', FIRM).execute();
  await db()
    .insertInto('booking_tables')
    .values({ id: 'cal-table', firm_id: FIRM, name: 'Terrace', seats: 4, created_at: CREATED })
    .execute();
  // Paris moves to summer time at 02:00 on Sunday 28 March 2027: noon is 11:00 UTC the day before, 10:00 UTC that day
  await insertBooking('cal-before-dst', '2027-03-27T11:00:00.000Z', 'confirmed', 'Dupont, Marie; VIP');
  await insertBooking('cal-after-dst', '2027-03-28T10:00:00.000Z');
  await insertBooking('cal-cancelled', '2027-03-28T12:00:00.000Z', 'cancelled', 'Gone Guest');
  await insertBooking('cal-june', '2026-06-20T17:00:00.000Z', 'pending', 'June Guest');
});

describe('the workspace calendar', () => {
  it("gives the team the firm's events, bookings and hours of a range, in the firm's zone", async () => {
    const response = await send(
      'staff',
      `/api/dashboard/calendar?firmId=${FIRM}&from=2026-06-15T00:00:00.000Z&to=2026-06-29T00:00:00.000Z`,
    );
    expect(response.status).toBe(200);
    const calendar = (await response.json()) as {
      timeZone: string;
      openingHours: unknown[];
      events: { id: string; endsAt: string }[];
      bookings: { id: string; tableName: string; status: string }[];
    };
    expect(calendar.timeZone).toBe('Europe/Paris');
    expect(Array.isArray(calendar.openingHours)).toBe(true);
    // e1 (20 June) and the unlisted e4 (25 June) are the firm's; without an end an event lasts two hours
    expect(calendar.events.map((event) => [event.id, event.endsAt])).toEqual([
      ['e1', '2026-06-20T21:00:00.000Z'],
      ['e4', '2026-06-25T21:00:00.000Z'],
    ]);
    expect(calendar.bookings.map((booking) => [booking.id, booking.tableName, booking.status])).toEqual([
      ['cal-june', 'Terrace', 'pending'],
    ]);
  });

  it('refuses a range longer than 45 days or running backwards', async () => {
    const long = await send('staff', `/api/dashboard/calendar?firmId=${FIRM}&from=2026-06-01T00:00:00.000Z&to=2026-07-17T00:00:00.000Z`);
    expect(long.status).toBe(400);
    const backwards = await send(
      'staff',
      `/api/dashboard/calendar?firmId=${FIRM}&from=2026-06-10T00:00:00.000Z&to=2026-06-01T00:00:00.000Z`,
    );
    expect(backwards.status).toBe(400);
  });
});

describe('the private calendar feed', () => {
  it('lists the events and the bookings that will happen, at the right UTC instants across the spring change', async () => {
    expect(await (await send('owner', `/api/dashboard/calendar/feed?firmId=${FIRM}`)).json()).toEqual({ url: null });
    const { url } = (await (await send('manager', `/api/dashboard/calendar/feed/reset?firmId=${FIRM}`, 'POST')).json()) as { url: string };
    expect(url).toMatch(/\/api\/public\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await (await send('owner', `/api/dashboard/calendar/feed?firmId=${FIRM}`)).json()).toEqual({ url });

    const response = await workspace.ctx.request(pathOf(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = await response.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT\r\nUID:booking-cal-before-dst@souk\r\n');
    expect(ics).toContain('DTSTART:20270327T110000Z\r\nDTEND:20270327T123000Z\r\nSUMMARY:Dupont\\, Marie\\; VIP · 2 · Terrace');
    expect(ics).toContain('UID:booking-cal-after-dst@souk');
    expect(ics).toContain('DTSTART:20270328T100000Z');
    expect(ics).toContain('UID:event-e1@souk');
    expect(ics).toContain('DTSTART:20260620T190000Z');
    // a cancelled booking and one waiting for the team will not happen (yet)
    expect(ics).not.toContain('cal-cancelled');
    expect(ics).not.toContain('cal-june');
    // the same UID on the next read: a calendar app updates its entry instead of adding one
    expect(await (await workspace.ctx.request(pathOf(url))).text()).toContain('UID:booking-cal-after-dst@souk');
  });

  it('answers 404 to the old URL once the feed is reset, and to a token nobody has', async () => {
    const reset = () => send('owner', `/api/dashboard/calendar/feed/reset?firmId=${FIRM}`, 'POST');
    const { url: old } = (await (await reset()).json()) as { url: string };
    const { url: fresh } = (await (await reset()).json()) as { url: string };
    expect(fresh).not.toBe(old);
    expect((await workspace.ctx.request(pathOf(old))).status).toBe(404);
    expect((await workspace.ctx.request(pathOf(fresh))).status).toBe(200);
    expect((await workspace.ctx.request(`/api/public/calendar-feeds/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await workspace.ctx.request('/api/public/calendar-feeds/short.ics')).status).toBe(400);
  });
});
