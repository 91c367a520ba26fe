import { describe, expect, it } from 'vitest';
import { jobsOf } from '../../lib/jobs';
import { channels } from '../../lib/realtime';
import { readOutbox } from '../../testing/outbox';
import { BOOKING_FIRM, useBookingFirm } from '../../testing/booking-fixtures';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';

/**
 * Bookings by link, on a clock the tests move: a visitor books without an account and confirms by
 * the mailed link, an unconfirmed hold lapses, the link cancels until the firm's deadline, and the
 * reminder goes once at the firm's hour.
 */
const FIRM = BOOKING_FIRM;
// Friday 12 June, noon in Paris (summer time, UTC+2); the clock starts on Wednesday 10 June, 12:00 UTC
const NOON = '2026-06-12T10:00:00.000Z';
const DATE = '2026-06-12';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const booking = useBookingFirm();
const { at, setRules } = booking;
let made = 0;

const post = (path: string, body: unknown) =>
  booking.ctx.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A visitor's booking of the noon table: its answer and the email it was made with. */
async function bookAsVisitor(language = 'fr') {
  made += 1;
  const email = `visitor${made}@souk.test`;
  const response = await post('/api/public/bookings', { firmId: FIRM, startsAt: NOON, party: 2, name: 'Léa Martin', email, language });
  return { response, email };
}

const mailsTo = (email: string) => readOutbox(booking.ctx.dataDir).filter((mail) => mail.to === email);
const tokenIn = (text: string) => decodeURIComponent(/\/bookings\/manage\?token=([^\s)"]+)/.exec(text)![1]);
const statusOf = async () =>
  (await booking.ctx.deps.db.selectFrom('bookings').select('status').where('table_id', '=', 'window').executeTakeFirstOrThrow()).status;
async function freeAtNoon(): Promise<boolean> {
  const response = await booking.ctx.request(`/api/public/bookings/slots?firmId=${FIRM}&date=${DATE}&party=2`);
  return ((await response.json()) as { slots: string[] }).slots.includes(NOON);
}
const runJobs = async () => {
  await jobsOf(booking.ctx.deps).runDue();
  await jobsOf(booking.ctx.deps).settled();
};

/** Books as a visitor and confirms by the mailed link: the link's token. */
async function confirmedVisitor(): Promise<{ token: string; email: string }> {
  const { response, email } = await bookAsVisitor();
  expect(response.status).toBe(201);
  const token = tokenIn(mailsTo(email)[0].text);
  expect((await post('/api/public/bookings/manage/confirm', { token })).status).toBe(200);
  return { token, email };
}

describe('bookings by link', () => {
  it('holds the table for a visitor, mails the link in their language, and confirms by it with the calendar mail', async () => {
    const { response, email } = await bookAsVisitor('fr');
    expect(response.status).toBe(201);
    const held = (await response.json()) as { status: string; confirmBy: string; firm: { timeZone: string } };
    expect(held.status).toBe('pending');
    expect(held.confirmBy).toBe(new Date(FIXTURE_NOW.getTime() + 30 * MINUTE).toISOString());
    expect(await freeAtNoon()).toBe(false);

    const [linkMail] = mailsTo(email);
    expect(linkMail.language).toBe('fr');
    expect(linkMail.subject).toContain('Confirmez votre table');
    const token = tokenIn(linkMail.text);

    const confirmed = await post('/api/public/bookings/manage/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('confirmed');
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toContain('Table réservée');
    expect(mails[1].calendar).toContain('DTSTART');
    expect(tokenIn(mails[1].text)).toBe(token);
    // opening the link again changes nothing and sends nothing
    expect((await post('/api/public/bookings/manage/confirm', { token })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("tells the firm's open desks at each step the visitor takes: booked, confirmed, cancelled", async () => {
    await setRules({ cancelHours: 2, reminderHours: null });
    const live: unknown[] = [];
    const stop = booking.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => live.push(event));
    try {
      const { response, email } = await bookAsVisitor();
      expect(response.status).toBe(201);
      expect(live).toHaveLength(1);
      const token = tokenIn(mailsTo(email)[0].text);
      expect((await post('/api/public/bookings/manage/confirm', { token })).status).toBe(200);
      expect(live).toHaveLength(2);
      // confirming again changes nothing, and says nothing
      expect((await post('/api/public/bookings/manage/confirm', { token })).status).toBe(200);
      expect(live).toHaveLength(2);
      expect((await post('/api/public/bookings/manage/cancel', { token })).status).toBe(200);
      expect(live).toEqual([1, 2, 3].map(() => ({ type: 'bookings', data: {} })));
    } finally {
      stop();
    }
  });

  it('frees the table when the link is not opened within 30 minutes, and the late link says so', async () => {
    const { email } = await bookAsVisitor();
    const token = tokenIn(mailsTo(email)[0].text);
    at(29 * MINUTE);
    await runJobs();
    expect(await statusOf()).toBe('pending');
    at(31 * MINUTE);
    await runJobs();
    expect(await statusOf()).toBe('cancelled');
    expect(await freeAtNoon()).toBe(true);
    const late = await post('/api/public/bookings/manage/confirm', { token });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('link_lapsed');
  });

  it('refuses a link whose signature does not hold', async () => {
    const { email } = await bookAsVisitor();
    const token = tokenIn(mailsTo(email)[0].text);
    const forged = `${token.slice(0, token.indexOf('.'))}.${'A'.repeat(43)}`;
    expect((await booking.ctx.request(`/api/public/bookings/manage?token=${encodeURIComponent(forged)}`)).status).toBe(404);
    expect((await post('/api/public/bookings/manage/cancel', { token: forged })).status).toBe(404);
    expect(await statusOf()).toBe('pending');
  });

  it('cancels by the link until the firm’s deadline and says why not after it', async () => {
    await setRules({ cancelHours: 24, reminderHours: null });
    const { token } = await confirmedVisitor();
    const shown = (await (await booking.ctx.request(`/api/public/bookings/manage?token=${encodeURIComponent(token)}`)).json()) as {
      cancelUntil: string;
      firm: { timeZone: string };
    };
    expect(shown.cancelUntil).toBe('2026-06-11T10:00:00.000Z');
    expect(shown.firm.timeZone).toBe('Europe/Paris');

    at(23 * HOUR);
    const late = await post('/api/public/bookings/manage/cancel', { token });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('cancel_deadline');
    expect(await statusOf()).toBe('confirmed');

    at(21 * HOUR);
    const cancelled = await post('/api/public/bookings/manage/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(await statusOf()).toBe('cancelled');
    expect(await freeAtNoon()).toBe(true);
    expect(((await (await post('/api/public/bookings/manage/cancel', { token })).json()) as { code: string }).code).toBe('booking_state');
  });

  it('sends the reminder once at the firm’s hour, even when its job runs again', async () => {
    await setRules({ cancelHours: 0, reminderHours: 24 });
    const { email } = await confirmedVisitor();
    await runJobs();
    expect(mailsTo(email)).toHaveLength(2);
    // 24 hours before noon in Paris on Friday: Thursday 10:00 UTC
    at(22 * HOUR - MINUTE);
    await runJobs();
    expect(mailsTo(email)).toHaveLength(2);
    at(22 * HOUR);
    await runJobs();
    const reminders = mailsTo(email).filter((mail) => mail.subject.startsWith('Rappel'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain('/bookings/manage?token=');

    // an instance that died after sending, its job claimed again: the booking is marked, no second mail
    await jobsOf(booking.ctx.deps).enqueue('booking.reminder', {
      bookingId: (await booking.ctx.deps.db.selectFrom('bookings').select('id').where('table_id', '=', 'window').executeTakeFirstOrThrow())
        .id,
      startsAt: NOON,
    });
    await runJobs();
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith('Rappel'))).toHaveLength(1);
  });

  it('sends no reminder for a booking cancelled since, and none when the firm turned reminders off', async () => {
    await setRules({ cancelHours: 0, reminderHours: 24 });
    const { token, email } = await confirmedVisitor();
    expect((await post('/api/public/bookings/manage/cancel', { token })).status).toBe(200);
    at(22 * HOUR);
    await runJobs();
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith('Rappel'))).toHaveLength(0);

    at(0);
    await booking.ctx.deps.db.updateTable('booking_rules').set({ reminder_hours: null }).where('firm_id', '=', FIRM).execute();
    await booking.ctx.deps.db.deleteFrom('jobs').execute();
    await confirmedVisitor();
    expect(await booking.ctx.deps.db.selectFrom('jobs').select('id').where('kind', '=', 'booking.reminder').execute()).toEqual([]);
  });
});
