import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastMailTo } from '../../testing/outbox';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;
// the fixture clock reads 2026-06-10T12:00Z; Friday 12 June in Paris is summer time (UTC+2)
const DATE = '2026-06-12';
const NOON = '2026-06-12T10:00:00.000Z';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '12:00', close: '22:00' }));
const RULES = {
  slotMinutes: 30,
  turnMinutes: 90,
  aheadDays: 60,
  noticeMinutes: 60,
  largestParty: 8,
  confirmManually: false,
  cancelHours: 0,
  reminderHours: 24,
};

const send = (actor: Actor, path: string, method = 'GET', body?: unknown) =>
  workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
const slots = async (party = 2) => {
  const response = await workspace.ctx.request(`/api/public/bookings/slots?firmId=${FIRM}&date=${DATE}&party=${party}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { timeZone: string; slots: string[] };
};
const book = (actor: Actor, startsAt = NOON, party = 2) => send(actor, '/api/user/bookings', 'POST', { firmId: FIRM, startsAt, party });

async function addTable(name: string, seats: number): Promise<string> {
  const response = await send('owner', `/api/dashboard/bookings/tables?firmId=${FIRM}`, 'POST', { name, seats });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
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
  await db().deleteFrom('booking_rules').where('firm_id', '=', FIRM).execute();
  await db().deleteFrom('booking_closures').where('firm_id', '=', FIRM).execute();
});

describe('booking routes', () => {
  it('takes bookings once the firm has a table: free slots in its zone, a member books, the team sees and cancels it', async () => {
    expect((await workspace.market.json('/api/public/firms/u/cafelumiere')).body.takesBookings).toBe(false);
    expect((await slots()).slots).toEqual([]);
    await addTable('Window', 4);
    expect((await workspace.market.json('/api/public/firms/u/cafelumiere')).body.takesBookings).toBe(true);

    const offer = await slots();
    expect(offer.timeZone).toBe('Europe/Paris');
    // noon to 20:30 Paris time: a 90-minute turn must end by closing at 22:00
    expect(offer.slots[0]).toBe(NOON);
    expect(offer.slots.at(-1)).toBe('2026-06-12T18:30:00.000Z');

    const booked = await book('stranger');
    expect(booked.status).toBe(201);
    const booking = (await booked.json()) as { id: string; reference: string; status: string; firm: { timeZone: string } };
    expect(booking.status).toBe('confirmed');
    expect(booking.firm.timeZone).toBe('Europe/Paris');
    expect(booking.reference).toMatch(/^[0-9A-F]{8}$/);
    expect((await slots()).slots).not.toContain(NOON);

    const mine = await send('stranger', '/api/user/bookings');
    expect(((await mine.json()) as { id: string }[]).map((b) => b.id)).toEqual([booking.id]);
    // another member cannot read it
    expect((await send('otherOwner', `/api/user/bookings/${booking.id}`)).status).toBe(404);

    const list = await send('staff', `/api/dashboard/bookings?firmId=${FIRM}&from=2026-06-12T00:00:00.000Z&to=2026-06-13T00:00:00.000Z`);
    const listed = (await list.json()) as { timeZone: string; bookings: { id: string; guestName: string; table: { name: string } }[] };
    expect(listed.bookings.map((b) => [b.id, b.table.name])).toEqual([[booking.id, 'Window']]);

    const cancelled = await send('staff', `/api/dashboard/bookings/${booking.id}/cancel`, 'POST');
    expect(await cancelled.json()).toEqual({ id: booking.id, status: 'cancelled' });
    expect((await slots()).slots).toContain(NOON);
    expect((await send('staff', `/api/dashboard/bookings/${booking.id}/cancel`, 'POST')).status).toBe(409);
  });

  it('gives the last table to exactly one of two members booking at once, and offers the other the next free slots', async () => {
    await addTable('Last', 2);
    const answers = await Promise.all([book('stranger'), book('otherOwner')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await refused.json()) as { code: string; nextSlots: string[] };
    expect(problem.code).toBe('slot_taken');
    // the winner holds 12:00 to 13:30, Paris time
    expect(problem.nextSlots[0]).toBe('2026-06-12T11:30:00.000Z');
    const rows = await db().selectFrom('bookings').select('id').where('firm_id', '=', FIRM).where('starts_at', '=', NOON).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets the member cancel their own booking before it starts, freeing the table, and nobody else', async () => {
    await addTable('Alcove', 2);
    const booking = (await (await book('stranger')).json()) as { id: string };
    expect((await send('otherOwner', `/api/user/bookings/${booking.id}/cancel`, 'POST')).status).toBe(404);
    expect((await slots()).slots).not.toContain(NOON);
    const cancelled = await send('stranger', `/api/user/bookings/${booking.id}/cancel`, 'POST');
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    expect((await slots()).slots).toContain(NOON);
    expect((await send('stranger', `/api/user/bookings/${booking.id}/cancel`, 'POST')).status).toBe(409);
    // once it has started, it is the firm's to record
    const started = (await (await book('stranger')).json()) as { id: string };
    await db().updateTable('bookings').set({ starts_at: '2026-06-10T11:00:00.000Z' }).where('id', '=', started.id).execute();
    expect((await send('stranger', `/api/user/bookings/${started.id}/cancel`, 'POST')).status).toBe(409);
  });

  it('keeps a booking pending for a firm that confirms by hand, and records a no-show only once it has started', async () => {
    await addTable('Corner', 4);
    expect((await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, confirmManually: true })).status).toBe(
      200,
    );
    const booking = (await (await book('stranger')).json()) as { id: string; status: string };
    expect(booking.status).toBe('pending');
    expect((await send('staff', `/api/dashboard/bookings/${booking.id}/no-show`, 'POST')).status).toBe(409);
    expect(await (await send('staff', `/api/dashboard/bookings/${booking.id}/confirm`, 'POST')).json()).toEqual({
      id: booking.id,
      status: 'confirmed',
    });
    // the fixture clock is two days before the booking
    expect((await send('staff', `/api/dashboard/bookings/${booking.id}/no-show`, 'POST')).status).toBe(409);
    await db().updateTable('bookings').set({ starts_at: '2026-06-10T11:00:00.000Z' }).where('id', '=', booking.id).execute();
    expect((await send('staff', `/api/dashboard/bookings/${booking.id}/no-show`, 'POST')).status).toBe(200);
  });

  it('refuses a new slot grid and removing a table while bookings are to come', async () => {
    const table = await addTable('Booth', 4);
    expect((await book('stranger')).status).toBe(201);
    const regrid = await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, slotMinutes: 15 });
    expect(regrid.status).toBe(409);
    expect(((await regrid.json()) as { code: string }).code).toBe('grid_in_use');
    // the same grid with other rules is fine
    expect((await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, largestParty: 6 })).status).toBe(200);
    const setup = (await (await send('staff', `/api/dashboard/bookings/setup?firmId=${FIRM}`)).json()) as {
      rules: { largestParty: number };
    };
    expect(setup.rules.largestParty).toBe(6);

    const removal = await send('owner', `/api/dashboard/bookings/tables/${table}`, 'DELETE');
    expect(removal.status).toBe(409);
    expect(((await removal.json()) as { code: string }).code).toBe('table_booked');
    await db().updateTable('bookings').set({ status: 'cancelled' }).where('table_id', '=', table).execute();
    expect((await send('owner', `/api/dashboard/bookings/tables/${table}`, 'DELETE')).status).toBe(204);
    expect((await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, slotMinutes: 15 })).status).toBe(200);
  });

  it('adds tables only on a plan with bookings', async () => {
    // the other firm is on the free plan
    const refused = await send('otherOwner', '/api/dashboard/bookings/tables?firmId=f2', 'POST', { name: 'Bar', seats: 2 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'plan_limit', featureKey: 'BOOKINGS', requiredPlan: 'growth' });
  });

  it('mails the booker a confirmation in their language with the booking as an iCalendar file, once confirmed', async () => {
    await addTable('Patio', 4);
    const email = `${workspace.userId('stranger')}@example.com`;
    await db().updateTable('users').set({ language: 'fr' }).where('id', '=', workspace.userId('stranger')).execute();
    const booking = (await (await book('stranger')).json()) as { id: string; reference: string };
    const mail = lastMailTo(workspace.ctx.deps.env.dataDir, email);
    expect(mail?.language).toBe('fr');
    expect(mail?.subject).toContain('Table réservée chez Café Lumière');
    // noon in Paris, whatever zone the server runs in
    expect(mail?.text).toContain('12:00');
    expect(mail?.text).toContain(booking.reference);
    expect(mail?.calendar).toContain('DTSTART:20260612T100000Z');
    expect(mail?.calendar).toContain('DTEND:20260612T113000Z');

    // a firm that confirms by hand: the mail waits for the team's confirmation
    await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, confirmManually: true });
    const later = '2026-06-12T16:00:00.000Z';
    const pending = (await (await book('stranger', later)).json()) as { id: string; reference: string };
    expect(lastMailTo(workspace.ctx.deps.env.dataDir, email)?.text).not.toContain(pending.reference);
    await send('staff', `/api/dashboard/bookings/${pending.id}/confirm`, 'POST');
    expect(lastMailTo(workspace.ctx.deps.env.dataDir, email)?.calendar).toContain('DTSTART:20260612T160000Z');
  });

  it('validates the input with the shared schemas', async () => {
    expect((await workspace.ctx.request(`/api/public/bookings/slots?firmId=${FIRM}&date=12-06-2026&party=2`)).status).toBe(400);
    expect((await send('owner', `/api/dashboard/bookings/rules?firmId=${FIRM}`, 'PUT', { ...RULES, slotMinutes: 20 })).status).toBe(400);
    expect((await book('anonymous')).status).toBe(401);
    expect((await send('stranger', '/api/user/bookings', 'POST', { firmId: FIRM, startsAt: 'noon', party: 2 })).status).toBe(400);
  });

  it('lets a member move their booking, refuses a move into the owner’s closure, and lets the desk move it', async () => {
    await addTable('Window', 4);
    const made = await book('stranger');
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    // 18:00 in Paris
    const moved = await send('stranger', `/api/user/bookings/${id}/move`, 'POST', { startsAt: '2026-06-12T16:00:00.000Z' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ startsAt: '2026-06-12T16:00:00.000Z', changeUntil: '2026-06-12T16:00:00.000Z' });

    const closure = { from: `${DATE}T17:00`, to: `${DATE}T22:00`, reason: 'Private event', reasonPublic: true };
    expect((await send('owner', `/api/dashboard/bookings/closures?firmId=${FIRM}`, 'POST', closure)).status).toBe(201);
    const refused = await send('stranger', `/api/user/bookings/${id}/move`, 'POST', { startsAt: '2026-06-12T17:00:00.000Z' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'closed', detail: expect.stringContaining('Private event') });

    // the team moves the booking that now sits in the closure to 13:00
    const desk = await send('staff', `/api/dashboard/booking-desk/bookings/${id}/move`, 'POST', { startsAt: '2026-06-12T11:00:00.000Z' });
    expect(desk.status).toBe(200);
    const mine = (await (await send('stranger', `/api/user/bookings/${id}`)).json()) as { startsAt: string };
    expect(mine.startsAt).toBe('2026-06-12T11:00:00.000Z');
    const closures = (await (await send('staff', `/api/dashboard/bookings/closures?firmId=${FIRM}`)).json()) as unknown[];
    expect(closures).toHaveLength(1);
  });

  it('books a service with a chosen staff member: the owner sets it up, a visitor books it, the desk sees who gives it', async () => {
    await db().deleteFrom('booking_services').where('firm_id', '=', FIRM).execute();
    const staffId = `emp-${FIRM}-user-staff`;
    const input = { name: 'Consultation', durationMinutes: 45, priceMinor: null, bufferBefore: 0, bufferAfter: 15, staffIds: [staffId] };
    // only the firm's team gives a service, and a length is on five minutes
    expect(
      (await send('owner', `/api/dashboard/bookings/services?firmId=${FIRM}`, 'POST', { ...input, staffIds: ['emp-f2-user-otherowner'] }))
        .status,
    ).toBe(400);
    expect((await send('owner', `/api/dashboard/bookings/services?firmId=${FIRM}`, 'POST', { ...input, durationMinutes: 44 })).status).toBe(
      400,
    );
    const created = await send('owner', `/api/dashboard/bookings/services?firmId=${FIRM}`, 'POST', input);
    expect(created.status).toBe(201);
    const service = (await created.json()) as { id: string; staff: { id: string; name: string }[] };
    expect(service.staff).toEqual([{ id: staffId, name: 'Staff Tester' }]);
    expect((await workspace.market.json('/api/public/firms/u/cafelumiere')).body.takesBookings).toBe(true);
    const offered = (await (await workspace.ctx.request(`/api/public/bookings/services?firmId=${FIRM}`)).json()) as {
      hasTables: boolean;
      services: unknown[];
    };
    expect(offered).toMatchObject({ hasTables: false, services: [{ id: service.id, name: 'Consultation', priceMinor: null }] });

    const query = `firmId=${FIRM}&date=${DATE}&party=1&serviceId=${service.id}&staffId=${staffId}`;
    const offer = (await (await workspace.ctx.request(`/api/public/bookings/slots?${query}`)).json()) as { slots: string[] };
    // noon to 21:00 in Paris: 45 minutes must end by closing at 22:00
    expect(offer.slots[0]).toBe(NOON);
    expect(offer.slots.at(-1)).toBe('2026-06-12T19:00:00.000Z');

    const guest = {
      firmId: FIRM,
      startsAt: NOON,
      party: 1,
      serviceId: service.id,
      staffId,
      name: 'Nour',
      email: 'nour@souk.test',
      language: 'en',
    };
    const booked = await workspace.ctx.request('/api/public/bookings', {
      method: 'POST',
      body: JSON.stringify(guest),
      headers: { 'content-type': 'application/json' },
    });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({
      endsAt: '2026-06-12T10:45:00.000Z',
      service: { name: 'Consultation', staffName: 'Staff Tester' },
    });
    expect(lastMailTo(workspace.ctx.deps.env.dataDir, 'nour@souk.test')).toMatchObject({
      subject: 'Confirm your booking at Café Lumière',
      text: expect.stringContaining('holds Consultation · Staff for you'),
    });
    // 12:30 would start in the quarter hour kept free after the consultation
    const after = (await (await workspace.ctx.request(`/api/public/bookings/slots?${query}`)).json()) as { slots: string[] };
    expect(after.slots[0]).toBe('2026-06-12T11:00:00.000Z');

    const list = await send('staff', `/api/dashboard/bookings?firmId=${FIRM}&from=2026-06-12T00:00:00.000Z&to=2026-06-13T00:00:00.000Z`);
    expect(((await list.json()) as { bookings: unknown[] }).bookings).toEqual([
      expect.objectContaining({
        guestName: 'Nour',
        table: null,
        service: { id: service.id, name: 'Consultation' },
        staff: { id: staffId, name: 'Staff Tester' },
      }),
    ]);
    expect((await send('owner', `/api/dashboard/bookings/services/${service.id}`, 'DELETE')).status).toBe(409);
  });
});
