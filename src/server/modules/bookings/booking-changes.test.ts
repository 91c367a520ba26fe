import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import { channels } from '../../lib/realtime';
import { readOutbox } from '../../testing/outbox';
import { BOOKING_FIRM, useBookingFirm } from '../../testing/booking-fixtures';
import { createBookingClosureService } from './booking-closures.service';
import { createBookingLinks } from './booking-links';
import { moveBooking } from './booking-moves';
import { createBookingNotices } from './booking-notices';
import { createBooking } from './bookings.service';

/**
 * What changes a firm's bookings after the fact: closures keep slots and bookings out of their
 * times (in the firm's zone, across a change of the clocks), and a booking moves to another free
 * start in one transaction, its reminder planned again for the new time.
 */
const FIRM = BOOKING_FIRM;
// the clock starts on Wednesday 10 June 2026, 12:00 UTC; Friday 12 June, noon in Paris is 10:00 UTC
const NOON = '2026-06-12T10:00:00.000Z';
const DATE = '2026-06-12';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Paris wall times of Friday 12 June (summer time, UTC+2) as instants */
const paris = (time: string) => new Date(Date.parse(`${DATE}T${time}:00.000+02:00`)).toISOString();

const booking = useBookingFirm();
const { at, setRules } = booking;
let made = 0;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  booking.ctx.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function slotsOf(
  date: string,
): Promise<{ slots: string[]; closures: { startsAt: string; endsAt: string; reason: string | null }[] }> {
  return (await booking.ctx.request(`/api/public/bookings/slots?firmId=${FIRM}&date=${date}&party=2`)).json() as never;
}

/**
 * Closes the firm through the service the workspace's route calls (its wall clock, its zone), and
 * empties the public answers as that route's write does.
 */
async function close(from: string, to: string, reason: string | null = null, reasonPublic = false) {
  const closure = await createBookingClosureService(booking.ctx.deps.db, () => booking.now).add(FIRM, { from, to, reason, reasonPublic });
  booking.ctx.deps.invalidation.invalidate();
  return closure;
}

const mailsTo = (email: string) => readOutbox(booking.ctx.dataDir).filter((mail) => mail.to === email);
const links = () => createBookingLinks(booking.ctx.deps.secrets.refreshKey, booking.ctx.deps.env.publicUrl);
const runJobs = async () => {
  await jobsOf(booking.ctx.deps).runDue();
  await jobsOf(booking.ctx.deps).settled();
};

/** A confirmed booking of the window table at `startsAt` (its booker's mail in French). */
async function booked(startsAt: string): Promise<{ id: string; email: string }> {
  made += 1;
  const email = `booker${made}@souk.test`;
  const request = { firmId: FIRM, startsAt: new Date(startsAt), party: 2, userId: null, guestName: 'Léa', guestEmail: email };
  const { id } = await createBooking(booking.ctx.deps.db, request, booking.now, createBookingNotices(booking.ctx.deps));
  await booking.ctx.deps.db.updateTable('bookings').set({ language: 'fr' }).where('id', '=', id).execute();
  return { id, email };
}

describe('closures', () => {
  it('offers no start whose turn reaches into a blocked time, and names the public reason on the day', async () => {
    await close(`${DATE}T18:00`, `${DATE}T20:00`, 'Private event', true);
    const day = await slotsOf(DATE);
    // a 90-minute turn: 16:30 ends as the closure begins, 17:00 to 19:30 overlap it, 20:00 starts as it ends
    expect(day.slots).toContain(paris('16:30'));
    for (const time of ['17:00', '18:00', '19:30']) expect(day.slots).not.toContain(paris(time));
    expect(day.slots).toContain(paris('20:00'));
    expect(day.closures).toEqual([{ startsAt: paris('18:00'), endsAt: paris('20:00'), reason: 'Private event' }]);
  });

  it('closes whole days in the firm’s zone across the autumn change of the clocks (Europe/Paris)', async () => {
    await setRules({ cancelHours: 0, reminderHours: null, aheadDays: 365 });
    // Saturday 24 and Sunday 25 October 2026; the clocks go back from 03:00 to 02:00 on the Sunday
    const closure = await close('2026-10-24T00:00', '2026-10-26T00:00', 'Staff holiday', false);
    expect(closure.startsAt).toBe('2026-10-23T22:00:00.000Z');
    expect(closure.endsAt).toBe('2026-10-25T23:00:00.000Z');
    expect((await slotsOf('2026-10-24')).slots).toEqual([]);
    expect((await slotsOf('2026-10-25')).slots).toEqual([]);
    const sunday = await slotsOf('2026-10-25');
    // the reason is the team's alone
    expect(sunday.closures).toEqual([{ startsAt: closure.startsAt, endsAt: closure.endsAt, reason: null }]);
    // Friday's last start and Monday's first, each in its own offset (summer, then winter time)
    expect((await slotsOf('2026-10-23')).slots.at(-1)).toBe('2026-10-23T18:30:00.000Z');
    expect((await slotsOf('2026-10-26')).slots[0]).toBe('2026-10-26T11:00:00.000Z');
  });

  it('keeps a blocked time on the very day of the change at its wall-clock hours', async () => {
    await setRules({ cancelHours: 0, reminderHours: null, aheadDays: 365 });
    await close('2026-10-25T18:00', '2026-10-25T20:00');
    const slots = (await slotsOf('2026-10-25')).slots;
    // winter time (UTC+1): 16:30 is 15:30 UTC, 17:00 to 19:30 are gone, 20:00 is 19:00 UTC
    expect(slots).toContain('2026-10-25T15:30:00.000Z');
    expect(slots).not.toContain('2026-10-25T16:00:00.000Z');
    expect(slots).not.toContain('2026-10-25T18:30:00.000Z');
    expect(slots).toContain('2026-10-25T19:00:00.000Z');
  });

  it('refuses a booking inside a closure, worded in the asker’s language with the public reason only', async () => {
    await close(`${DATE}T11:00`, `${DATE}T15:00`, 'Mariage', true);
    const visitor = { firmId: FIRM, startsAt: NOON, party: 2, name: 'Léa Martin', email: 'closed@souk.test' };
    const fr = await post('/api/public/bookings', { ...visitor, language: 'fr' });
    expect(fr.status).toBe(409);
    const problem = (await fr.json()) as { code: string; detail: string };
    expect(problem.code).toBe('closed');
    expect(problem.detail).toBe(
      'L’établissement est fermé à cette heure (\u2068Mariage\u2069). Choisissez un autre jour ou une autre heure.',
    );
    const ar = (await (await post('/api/public/bookings', { ...visitor, language: 'ar' })).json()) as { detail: string };
    expect(ar.detail).toContain('المحل مغلق في هذا الوقت');

    await booking.ctx.deps.db.updateTable('booking_closures').set({ reason_public: 0 }).where('firm_id', '=', FIRM).execute();
    const en = (await (await post('/api/public/bookings', { ...visitor, language: 'en' })).json()) as { detail: string };
    expect(en.detail).toBe('The business is closed at this time. Choose another day or time.');
    expect(await booking.ctx.deps.db.selectFrom('bookings').select('id').where('table_id', '=', 'window').execute()).toEqual([]);
  });
});

describe('moving a booking', () => {
  it('gives the last free table to exactly one of many bookings moving into it at once', async () => {
    await setRules({ cancelHours: 0, reminderHours: null });
    const starts = ['12:00', '13:30', '15:00', '16:30', '18:00'].map(paris);
    const bookings = [];
    for (const start of starts) bookings.push(await booked(start));
    const notices = createBookingNotices(booking.ctx.deps);
    const results = await Promise.allSettled(
      bookings.map(({ id }) =>
        moveBooking(booking.ctx.deps.db, { id, startsAt: new Date(paris('20:00')), byBooker: true, language: 'en' }, booking.now, notices),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused.every((result) => result.reason instanceof HttpError && result.reason.code === 'slot_taken')).toBe(true);

    const rows = await booking.ctx.deps.db.selectFrom('bookings').select(['id', 'starts_at']).where('table_id', '=', 'window').execute();
    const moved = rows.filter((row) => row.starts_at === paris('20:00'));
    expect(moved).toHaveLength(1);
    // the losers kept their time and their holds; the winner's old time is free again
    const holds = await booking.ctx.deps.db
      .selectFrom('booking_holds')
      .select(['booking_id', 'slot_at'])
      .where('table_id', '=', 'window')
      .execute();
    expect(holds).toHaveLength(5 * 3);
    expect(
      holds
        .filter((hold) => hold.booking_id === moved[0].id)
        .map((hold) => hold.slot_at)
        .sort(),
    ).toEqual([paris('20:00'), paris('20:30'), paris('21:00')]);
    const freed = starts[bookings.findIndex(({ id }) => id === moved[0].id)];
    expect((await slotsOf(DATE)).slots).toContain(freed);
  });

  it('moves by the mailed link, mails the new time with its calendar file, and tells the desks', async () => {
    await setRules({ cancelHours: 0, reminderHours: null });
    const { id, email } = await booked(NOON);
    await runJobs();
    const live: unknown[] = [];
    const stop = booking.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => live.push(event));
    try {
      const response = await post('/api/public/bookings/manage/move', { token: links().tokenOf(id), startsAt: paris('19:00') });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { startsAt: string }).startsAt).toBe(paris('19:00'));
      expect(live).toEqual([{ type: 'bookings', data: {} }]);
    } finally {
      stop();
    }
    await runJobs();
    const moved = mailsTo(email).filter((mail) => mail.subject.startsWith('Nouvel horaire'));
    expect(moved).toHaveLength(1);
    expect(moved[0].subject).toContain('19:00');
    expect(moved[0].calendar).toContain('DTSTART');
    expect(moved[0].calendar).toContain('UID:booking-');
    expect((await slotsOf(DATE)).slots).toContain(NOON);
  });

  it('plans the reminder again for the new time, and sends none for the old one', async () => {
    await setRules({ cancelHours: 0, reminderHours: 24 });
    const { id, email } = await booked(NOON);
    expect((await post('/api/public/bookings/manage/move', { token: links().tokenOf(id), startsAt: paris('20:00') })).status).toBe(200);
    const reminders = () => mailsTo(email).filter((mail) => mail.subject.startsWith('Rappel'));
    // the old reminder's hour (Thursday 10:00 UTC) passes: its job finds the booking moved
    at(22 * HOUR);
    await runJobs();
    expect(reminders()).toHaveLength(0);
    // 24 hours before 20:00 in Paris: Thursday 18:00 UTC
    at(30 * HOUR - MINUTE);
    await runJobs();
    expect(reminders()).toHaveLength(0);
    at(30 * HOUR);
    await runJobs();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0].subject).toContain('20:00');
  });

  it('holds the booker to the firm’s deadline but not the team, and keeps the time on a refusal', async () => {
    await setRules({ cancelHours: 24, reminderHours: null });
    const { id } = await booked(NOON);
    at(23 * HOUR);
    const late = await post('/api/public/bookings/manage/move', { token: links().tokenOf(id), startsAt: paris('19:00') });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('change_deadline');
    const row = () =>
      booking.ctx.deps.db.selectFrom('bookings').select(['starts_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row()).starts_at).toBe(NOON);

    const notices = createBookingNotices(booking.ctx.deps);
    await moveBooking(
      booking.ctx.deps.db,
      { id, startsAt: new Date(paris('19:00')), owner: { firmId: FIRM }, byBooker: false, language: 'en' },
      booking.now,
      notices,
    );
    expect(await row()).toEqual({ starts_at: paris('19:00'), status: 'confirmed' });
  });

  it('refuses a move into a closure in the asker’s language, and a move of another firm’s booking', async () => {
    await setRules({ cancelHours: 0, reminderHours: null });
    const { id } = await booked(NOON);
    await close(`${DATE}T18:00`, `${DATE}T22:00`, 'Soirée privée', true);
    const refused = await post(
      '/api/public/bookings/manage/move',
      { token: links().tokenOf(id), startsAt: paris('19:00') },
      { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toContain('fermé à cette heure (\u2068Soirée privée\u2069)');
    const notices = createBookingNotices(booking.ctx.deps);
    const elsewhere = moveBooking(
      booking.ctx.deps.db,
      { id, startsAt: new Date(paris('14:00')), owner: { firmId: 'f2' }, byBooker: false, language: 'en' },
      booking.now,
      notices,
    );
    await expect(elsewhere).rejects.toMatchObject({ status: 404 });
  });
});
