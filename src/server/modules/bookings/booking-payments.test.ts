import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobsOf } from '../../lib/jobs';
import { readOutbox } from '../../testing/outbox';
import { BOOKING_FIRM, useBookingFirm } from '../../testing/booking-fixtures';
import { card, insertMember, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import { insertPaidService, PAID_SERVICE } from '../../testing/paid-service-fixtures';
import { bookingServiceInputSchema, type ManagedBooking, type MyBooking } from '../../../shared/bookings';

/**
 * A paid service's booking takes its deposit (or its price) through the payment provider: the
 * booking holds its time until it is paid, the payment confirms it once, an unpaid hold lapses and
 * frees the time (a payment after that goes back), and cancelling within the firm's deadline gives
 * the money back while a late cancellation keeps it. SQLite, and PostgreSQL with DATABASE_URL.
 */
const FIRM = BOOKING_FIRM;
// Friday 12 June, noon in Paris (summer time, UTC+2); the clock starts on Wednesday 10 June, 12:00 UTC
const NOON = '2026-06-12T10:00:00.000Z';
const DATE = '2026-06-12';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const booking = useBookingFirm();
const { at, setRules } = booking;
const db = () => booking.ctx.deps.db;

const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  booking.ctx.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
/** the member's session, signed in on the test's clock (it moves past an access token's life) */
const payer = () => signedIn(booking.ctx, 'payer');
const choice = { firmId: FIRM, startsAt: NOON, party: 1, serviceId: PAID_SERVICE.id, staffId: PAID_SERVICE.staffId };

async function bookAsMember(): Promise<MyBooking> {
  const response = await send('/api/user/bookings', choice, { Cookie: await payer() });
  expect(response.status).toBe(201);
  return (await response.json()) as MyBooking;
}

async function mine(id: string): Promise<MyBooking> {
  const response = await send(`/api/user/bookings/${id}/payment`, {}, { Cookie: await payer() });
  expect(response.status).toBe(200);
  return (await response.json()) as MyBooking;
}

const runJobs = async () => {
  await jobsOf(booking.ctx.deps).runDue();
  await jobsOf(booking.ctx.deps).settled();
  await sandboxOf(booking.ctx).settled();
};

async function pay(url: string) {
  await payOnStep(booking.ctx, url, card(TEST_CARD.success));
  await sandboxOf(booking.ctx).settled();
  await runJobs();
}

async function noonFree(): Promise<boolean> {
  const response = await booking.ctx.request(
    `/api/public/bookings/slots?firmId=${FIRM}&date=${DATE}&party=1&serviceId=${PAID_SERVICE.id}&staffId=${PAID_SERVICE.staffId}`,
  );
  return ((await response.json()) as { slots: string[] }).slots.includes(NOON);
}

const paymentsOfBooking = (id: string) =>
  db().selectFrom('payments').select(['status', 'amount_minor', 'refunded_minor']).where('subject_id', '=', id).execute();
const refundsOf = (id: string) =>
  db()
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.status', 'refunds.amount_minor', 'refunds.reason'])
    .where('payments.subject_id', '=', id)
    .execute();

beforeAll(async () => {
  await insertPaidService(db(), FIRM);
  await insertMember(db(), 'payer');
});

beforeEach(async () => {
  await db().deleteFrom('bookings').where('firm_id', '=', FIRM).execute();
});

describe('paid service bookings', () => {
  it('holds the time while the deposit is due, then is confirmed once by the payment, its mail sent', async () => {
    const booked = await bookAsMember();
    expect(booked.status).toBe('pending');
    expect(booked.payment).toMatchObject({ amountMinor: PAID_SERVICE.depositMinor, currency: 'EUR', state: 'due' });
    expect(booked.payment?.payUrl).toMatch(/^http/);
    expect(await noonFree()).toBe(false);
    // asked again before paying: the same step, no second payment
    expect((await mine(booked.id)).payment?.payUrl).toBe(booked.payment?.payUrl);
    expect(await paymentsOfBooking(booked.id)).toHaveLength(1);

    await pay(booked.payment!.payUrl!);
    const paid = await mine(booked.id);
    expect(paid.status).toBe('confirmed');
    expect(paid.payment).toMatchObject({ state: 'paid', payUrl: null });
    expect(await paymentsOfBooking(booked.id)).toEqual([{ status: 'succeeded', amount_minor: 1500, refunded_minor: 0 }]);
    const confirmations = readOutbox(booking.ctx.dataDir).filter((mail) => mail.to === 'payer@example.com' && mail.calendar !== '');
    expect(confirmations).toHaveLength(1);
    // the paid booking no longer lapses
    at(2 * HOUR);
    await runJobs();
    expect((await mine(booked.id)).status).toBe('confirmed');
  });

  it('lapses unpaid and frees the time; a payment made after that goes back', async () => {
    const booked = await bookAsMember();
    at(31 * MINUTE);
    await runJobs();
    const lapsed = await mine(booked.id);
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.payment).toMatchObject({ state: 'lapsed', payUrl: null });
    expect(await noonFree()).toBe(true);

    await pay(booked.payment!.payUrl!);
    expect(await refundsOf(booked.id)).toEqual([{ status: 'succeeded', amount_minor: 1500, reason: 'late_payment' }]);
    expect((await mine(booked.id)).status).toBe('cancelled');
  });

  it("gives the deposit back when the booker cancels before the firm's deadline, and keeps it after", async () => {
    await setRules({ cancelHours: 24, reminderHours: null });
    const early = await bookAsMember();
    await pay(early.payment!.payUrl!);
    const cancelled = await send(`/api/user/bookings/${early.id}/cancel`, {}, { Cookie: await payer() });
    expect(cancelled.status).toBe(200);
    await runJobs();
    expect(await refundsOf(early.id)).toEqual([{ status: 'succeeded', amount_minor: 1500, reason: 'booking_cancelled' }]);
    expect((await mine(early.id)).payment?.state).toBe('refunded');

    const late = await bookAsMember();
    await pay(late.payment!.payUrl!);
    // 23 hours before noon on Friday: past the deadline
    at(Date.parse(NOON) - 23 * HOUR - Date.parse('2026-06-10T12:00:00.000Z'));
    expect((await send(`/api/user/bookings/${late.id}/cancel`, {}, { Cookie: await payer() })).status).toBe(200);
    await runJobs();
    expect(await refundsOf(late.id)).toEqual([]);
    expect((await mine(late.id)).payment?.state).toBe('paid');
  });

  it("a visitor's paid booking is confirmed by its payment, not by the link, and the link's cancel gives the money back", async () => {
    const response = await send('/api/public/bookings', { ...choice, name: 'Léa Martin', email: 'lea@souk.test', language: 'fr' });
    expect(response.status).toBe(201);
    const booked = (await response.json()) as ManagedBooking;
    expect(booked.payment).toMatchObject({ state: 'due', amountMinor: 1500 });
    const id = (await db().selectFrom('bookings').select('id').where('guest_email', '=', 'lea@souk.test').executeTakeFirstOrThrow()).id;
    const { createBookingLinks } = await import('./booking-links');
    const token = createBookingLinks(booking.ctx.deps.secrets.refreshKey, booking.ctx.deps.env.publicUrl).tokenOf(id);

    const early = await send('/api/public/bookings/manage/confirm', { token });
    expect([early.status, ((await early.json()) as { code: string }).code]).toEqual([409, 'payment_due']);
    await pay(booked.payment!.payUrl!);
    const paid = (await (await send('/api/public/bookings/manage/payment', { token })).json()) as ManagedBooking;
    expect([paid.status, paid.confirmBy, paid.payment?.state]).toEqual(['confirmed', null, 'paid']);

    expect((await send('/api/public/bookings/manage/cancel', { token })).status).toBe(200);
    await runJobs();
    expect(await refundsOf(id)).toEqual([{ status: 'succeeded', amount_minor: 1500, reason: 'booking_cancelled' }]);
  });

  it('opens a new payment step when the payer gave the last one up', async () => {
    const booked = await bookAsMember();
    await payOnStep(booking.ctx, booked.payment!.payUrl!, { action: 'cancel' });
    await sandboxOf(booking.ctx).settled();
    const again = await mine(booked.id);
    expect(again.payment?.state).toBe('due');
    expect(again.payment?.payUrl).not.toBe(booked.payment?.payUrl);
    expect((await paymentsOfBooking(booked.id)).map((payment) => payment.status).sort()).toEqual(['canceled', 'pending']);
  });

  it('refuses a deposit on a free service and a deposit as large as the price', () => {
    const service = { name: 'Massage', durationMinutes: 30, bufferBefore: 0, bufferAfter: 0, staffIds: ['emp'] };
    expect(bookingServiceInputSchema.safeParse({ ...service, priceMinor: 4000, depositMinor: 1500 }).success).toBe(true);
    expect(bookingServiceInputSchema.safeParse({ ...service, priceMinor: null, depositMinor: 1500 }).success).toBe(false);
    expect(bookingServiceInputSchema.safeParse({ ...service, priceMinor: 4000, depositMinor: 4000 }).success).toBe(false);
  });
});
