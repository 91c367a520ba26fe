/**
 * No money kept for a time not held, and no time held twice for one payment: sixteen paid service
 * bookings are paid on the sandbox step with their webhooks held back; at the instant their holds
 * end, the lapse jobs, the webhooks and three returns from the step per booking (each asking the
 * provider) all run at once, then every webhook is replayed. Each booking must end either confirmed
 * and paid (one confirmation mail, its staff time held, no refund) or cancelled with its time free
 * and its payment given back exactly once. SQLite, and PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { jobsOf } from '../lib/jobs';
import { SANDBOX_SIGNATURE_HEADER } from '../lib/payments/signature';
import { BOOKING_FIRM, useBookingFirm } from '../testing/booking-fixtures';
import { card, insertMember, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../testing/order-fixtures';
import { insertPaidService, PAID_SERVICE } from '../testing/paid-service-fixtures';
import { readOutbox } from '../testing/outbox';
import { GUEST_HOLD_MINUTES, type MyBooking } from '../../shared/bookings';

const BOOKINGS = 16;
const RETURNS = 3;
const booking = useBookingFirm();
const db = () => booking.ctx.deps.db;

const post = (path: string, body: unknown, cookie: string, headers: Record<string, string> = {}) =>
  booking.ctx.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Friday 12 June from noon in Paris, one 30-minute start after another */
const startOf = (i: number) => new Date(Date.parse('2026-06-12T10:00:00.000Z') + i * 30 * 60_000).toISOString();

describe('paid bookings racing their lapse', () => {
  it('end paid and held, or lapsed and refunded once, whatever order the lapse, webhooks and returns run in', async () => {
    await insertPaidService(db(), BOOKING_FIRM);
    await insertMember(db(), 'racer');
    const cookie = await signedIn(booking.ctx, 'racer');
    const sandbox = sandboxOf(booking.ctx);
    const booked: MyBooking[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const response = await post(
        '/api/user/bookings',
        { firmId: BOOKING_FIRM, startsAt: startOf(i), party: 1, serviceId: PAID_SERVICE.id, staffId: PAID_SERVICE.staffId },
        cookie,
      );
      expect(response.status).toBe(201);
      booked.push((await response.json()) as MyBooking);
    }

    sandbox.pauseWebhooks();
    await Promise.all(booked.map((one) => payOnStep(booking.ctx, one.payment!.payUrl!, card(TEST_CARD.success))));
    booking.at(GUEST_HOLD_MINUTES * 60_000);
    const lateCookie = await signedIn(booking.ctx, 'racer');
    const jobs = jobsOf(booking.ctx.deps);
    await Promise.all([
      jobs.runDue(),
      (async () => {
        sandbox.resumeWebhooks();
        await sandbox.settled();
      })(),
      ...booked.flatMap((one) =>
        Array.from({ length: RETURNS }, () => post(`/api/user/bookings/${one.id}/payment`, {}, lateCookie).then((r) => r.status)),
      ),
    ]);
    await jobs.settled();
    await sandbox.settled();
    await jobs.runDue();
    await jobs.settled();

    for (const sent of sandbox.recentWebhooks()) {
      const replay = await post('/api/payments/webhooks/sandbox', sent.body, '', { [SANDBOX_SIGNATURE_HEADER]: sent.signature });
      expect(((await replay.json()) as { outcome: string }).outcome).toBe('duplicate');
    }

    const ids = booked.map((one) => one.id);
    const rows = await db().selectFrom('bookings').select(['id', 'status', 'paid_at']).where('id', 'in', ids).execute();
    const payments = await db().selectFrom('payments').selectAll().where('subject_id', 'in', ids).execute();
    const refunds = await db()
      .selectFrom('refunds')
      .select(['payment_id', 'status', 'amount_minor'])
      .where(
        'payment_id',
        'in',
        payments.map((payment) => payment.id),
      )
      .execute();
    const held = await db().selectFrom('booking_staff_holds').select('booking_id').where('booking_id', 'in', ids).execute();
    const mails = readOutbox(booking.ctx.dataDir).filter((mail) => mail.to === 'racer@example.com' && mail.calendar !== '');

    let kept = 0;
    for (const row of rows) {
      const mine = payments.filter((payment) => payment.subject_id === row.id);
      // three returns at once never opened a second payment beside the one paid
      expect(mine).toHaveLength(1);
      const given = refunds.filter((refund) => refund.payment_id === mine[0].id);
      if (row.status === 'confirmed') {
        kept += 1;
        expect([row.paid_at !== null, mine[0].status, given]).toEqual([true, 'succeeded', []]);
        expect(held.filter((hold) => hold.booking_id === row.id)).toHaveLength(6);
      } else {
        expect(row.status).toBe('cancelled');
        expect([mine[0].status, given]).toEqual(['refunded', [{ payment_id: mine[0].id, status: 'succeeded', amount_minor: 1500 }]]);
        expect(held.filter((hold) => hold.booking_id === row.id)).toEqual([]);
      }
    }
    expect(rows).toHaveLength(BOOKINGS);
    expect(mails).toHaveLength(kept);
  }, 60_000);
});
