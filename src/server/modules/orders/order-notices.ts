import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import type { AfterCommit, RefundRow } from '../../lib/payments';
import { formatMoney } from '../../../shared/dates';
import { normalizeLanguage, type Language } from '../../../shared/i18n';
import { notify } from '../notifications/notify';
import type { OrderContext } from './order-context';
import { orderContents } from '../../../shared/order-wording';
import { orderHandover } from './handover';
import { summaryQuery } from './order-queries';
import { orderPaidMail, orderRefundedMail, ticketForYouMail } from './orders.mails';

/**
 * What an order tells people once the ledger has moved it: mails in each reader's language, in-app and push.
 * The telling is a durable job written in the transaction that moves the order (lib/jobs): a process
 * that dies right after the commit leaves it to the next poller instead of losing the buyer's mail.
 */
const PAID_MAILS_JOB = 'order.paid-mails';
const PAID_NOTIFICATIONS_JOB = 'order.paid-notifications';
const REFUNDED_MAIL_JOB = 'order.refunded-mail';
type RefundNotice = Pick<RefundRow, 'amount_minor' | 'reason'>;

/** The event's date and time in the recipient's language, in the venue's time zone. */
export function venueTime(iso: string, timezone: string, language: Language): string {
  try {
    return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : language, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: timezone,
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toUTCString();
  }
}

export function createOrderNotices(ctx: OrderContext) {
  const { db, deps } = ctx;
  const { env, logger, mail } = deps;

  /** Everything the paid mails say, read once. */
  async function paidOrder(orderId: string) {
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .innerJoin('users as b', 'b.id', 'o.buyer_id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'o.reference',
        'o.buyer_id',
        'o.total_minor',
        'o.discount_minor',
        'o.promo_code',
        'o.currency',
        'e.name as eventName',
        'e.start_date_time as start',
        'f.name as firmName',
        'f.timezone',
        'f.address_line as address',
        'f.city',
        'b.first_name as buyerFirst',
        'b.last_name as buyerLast',
        'b.email as buyerEmail',
        'b.language as buyerLanguage',
      ])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    const [lines, holders, handover] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('sort').execute(),
      db
        .selectFrom('tickets as t')
        .innerJoin('users as u', 'u.id', 't.holder_id')
        .select(['u.id', 'u.first_name', 'u.email', 'u.language'])
        .where('t.order_id', '=', orderId)
        .where('t.status', '=', 'active')
        .execute(),
      orderHandover(db, orderId),
    ]);
    return { ...order, title: order.eventName ?? order.firmName, lines, holders, handover };
  }
  type PaidOrder = Awaited<ReturnType<typeof paidOrder>>;

  function buyerPaidMail(order: PaidOrder) {
    if (!order.buyerEmail) return [];
    const language = normalizeLanguage(order.buyerLanguage);
    const money = (minor: number) => formatMoney(minor, order.currency, language);
    return [
      mail.send({
        to: order.buyerEmail,
        language,
        template: orderPaidMail,
        params: {
          firstName: order.buyerFirst,
          reference: order.reference,
          title: order.title,
          when: order.start ? venueTime(order.start, order.timezone, language) : null,
          contents: orderContents(order.lines.map((l) => l.kind)),
          handover: order.handover && {
            method: order.handover.method,
            address: order.handover.address,
            hours: order.handover.hours,
            readyFrom:
              order.handover.readyFrom && order.handover.preparationMinutes > 0
                ? venueTime(order.handover.readyFrom, order.timezone, language)
                : null,
            fee: order.handover.feeMinor > 0 ? money(order.handover.feeMinor) : null,
          },
          lines: order.lines.map(
            (l) => [l.quantity > 1 ? `${l.label} x ${l.quantity}` : l.label, money(l.unit_price_minor * l.quantity)] as const,
          ),
          discount: order.promo_code ? { code: order.promo_code, amount: money(-order.discount_minor) } : null,
          total: money(order.total_minor),
          url: `${env.publicUrl}/profile/orders/${order.reference}`,
          forFriends: order.holders.some((h) => h.id !== order.buyer_id),
        },
      }),
    ];
  }

  function friendTicketMails(order: PaidOrder) {
    const start = order.start;
    if (!start) return [];
    return order.holders
      .filter((holder) => holder.id !== order.buyer_id && holder.email)
      .map((holder) => {
        const language = normalizeLanguage(holder.language);
        return mail.send({
          to: holder.email!,
          language,
          template: ticketForYouMail,
          params: {
            firstName: holder.first_name,
            fromName: `${order.buyerFirst} ${order.buyerLast}`.trim(),
            transfer: false,
            event: order.title,
            when: venueTime(start, order.timezone, language),
            venue: [order.firmName, order.address, order.city].filter(Boolean).join(', '),
            reference: order.reference,
            url: `${env.publicUrl}/profile/orders`,
          },
        });
      });
  }

  /** The buyer's confirmation, and a mail to each friend a ticket was bought for. */
  async function sendPaidMails(orderId: string) {
    const order = await paidOrder(orderId);
    const results = await Promise.allSettled([...buyerPaidMail(order), ...friendTicketMails(order)]);
    const failed = results.filter((result) => result.status === 'rejected');
    for (const result of failed) logger.error({ err: result.reason, orderId }, 'order mail failed');
    // the job runs again: at least once, like every mail
    if (failed.length) throw new Error(`${failed.length} mail(s) of order ${orderId} could not be queued`);
  }

  /** In-app and push: the buyer's order is confirmed; each friend got a ticket (their mails go separately). */
  async function notifyPaid(orderId: string) {
    const order = await summaryQuery(db).where('o.id', '=', orderId).executeTakeFirstOrThrow();
    if (order.kind === 'shop') {
      await notify(deps, {
        to: order.buyerId,
        kind: 'order.confirmed',
        params: { firmName: order.firmName, orderReference: order.reference },
      });
      return;
    }
    if (order.kind !== 'tickets' || !order.eventName) return;
    const holders = await db
      .selectFrom('tickets')
      .select('holder_id')
      .where('order_id', '=', orderId)
      .where('status', '=', 'active')
      .where('holder_id', '!=', order.buyerId)
      .execute();
    await notify(deps, {
      to: order.buyerId,
      kind: 'ticket.purchased',
      params: { eventName: order.eventName, orderReference: order.reference },
    });
    if (holders.length) {
      await notify(deps, {
        to: holders.map((h) => h.holder_id),
        kind: 'ticket.transferred',
        params: { eventName: order.eventName, fromName: `${order.buyerFirst} ${order.buyerLast}`.trim(), orderReference: order.reference },
        actorId: order.buyerId,
      });
    }
  }

  async function sendRefundedMail(orderId: string, refund: RefundNotice) {
    const row = await summaryQuery(db).where('o.id', '=', orderId).executeTakeFirstOrThrow();
    const buyer = await db
      .selectFrom('users')
      .select(['email', 'first_name', 'language'])
      .where('id', '=', row.buyerId)
      .executeTakeFirstOrThrow();
    if (!buyer.email) return;
    const language = normalizeLanguage(buyer.language);
    await mail.send({
      to: buyer.email,
      language,
      template: orderRefundedMail,
      params: {
        firstName: buyer.first_name,
        reference: row.reference,
        title: row.eventName ?? row.firmName,
        amount: formatMoney(refund.amount_minor, row.currency, language),
        reason: refund.reason === 'late_payment' ? 'late_payment' : 'other',
        url: `${env.publicUrl}/profile/orders/${row.reference}`,
      },
    });
  }

  const jobs = jobsOf(deps);
  // two jobs: a mail that must be tried again never repeats the notifications, nor the other way round
  jobs.define<{ orderId: string }>(PAID_MAILS_JOB, ({ orderId }) => sendPaidMails(orderId));
  jobs.define<{ orderId: string }>(PAID_NOTIFICATIONS_JOB, ({ orderId }) => notifyPaid(orderId));
  jobs.define<{ orderId: string; refund: RefundNotice }>(REFUNDED_MAIL_JOB, ({ orderId, refund }) => sendRefundedMail(orderId, refund));

  async function later(trx: Transaction<Database>, kind: string, payload: unknown, key: string): Promise<AfterCommit> {
    const id = await jobs.enqueue(kind, payload, { db: trx, key });
    return () => (id ? jobs.runNow(id) : undefined);
  }

  return {
    /** The paid order's mails and notifications, written in `trx`; sent at once after the commit. */
    async paidLater(trx: Transaction<Database>, orderId: string): Promise<AfterCommit> {
      const mails = await later(trx, PAID_MAILS_JOB, { orderId }, `paid-mails:${orderId}`);
      const notifications = await later(trx, PAID_NOTIFICATIONS_JOB, { orderId }, `paid-notifications:${orderId}`);
      return () => Promise.all([mails(), notifications()]);
    },
    /** The refunded order's mail to its buyer, written in `trx`; sent at once after the commit. */
    refundedLater: (trx: Transaction<Database>, orderId: string, refund: RefundRow) =>
      later(
        trx,
        REFUNDED_MAIL_JOB,
        { orderId, refund: { amount_minor: refund.amount_minor, reason: refund.reason } },
        `refunded:${refund.id}`,
      ),
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
