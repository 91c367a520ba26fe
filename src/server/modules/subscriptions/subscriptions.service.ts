import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActiveEmployment } from '../../app-env';
import { PLANS, type PlanKey } from '../../../shared/plans';
import { normalizeLanguage } from '../../../shared/i18n';
import type { Invoice, PlanChangeResult, PlanOrder } from '../../../shared/workspace';
import { recordActivity } from '../../lib/activity';
import { HttpError, notFound } from '../../lib/errors';
import { randomId, shortId } from '../../lib/ids';
import type { Payments, PaymentRow } from '../../lib/payments';
import { effectivePlan, lockFirmRow } from '../../lib/plans';
import { renderReceipt } from './receipt';

export const SUBSCRIPTION_SUBJECT = 'subscription';

/** One month later, on the same day of the month where there is one (31 Jan → 28/29 Feb). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

type OrderRow = Database['plan_orders'];

const toOrder = (row: { [K in keyof OrderRow]: OrderRow[K] }): PlanOrder => ({
  id: row.id,
  plan: row.plan_key as PlanKey,
  status: row.status as PlanOrder['status'],
  amountMinor: row.amount_minor,
  currency: row.currency,
  invoiceId: row.invoice_id,
  createdAt: row.created_at,
});

/**
 * Plans and billing: a change to the free plan is immediate; a paid plan is paid through the
 * payment provider first (subject type `subscription`), and only its confirmed payment (webhook or
 * the payer's return, whichever comes first, once) gives the firm the plan for a month and an invoice.
 */
export function createSubscriptionService(deps: { db: Kysely<Database>; clock: () => Date; payments: Payments }) {
  const { db, clock, payments } = deps;

  async function change(actor: ActiveEmployment, plan: PlanKey, language: string): Promise<PlanChangeResult> {
    const now = clock();
    const firm = await db
      .selectFrom('firms')
      .select(['plan_key', 'plan_renews_at', 'name'])
      .where('id', '=', actor.firmId)
      .executeTakeFirstOrThrow();
    if (effectivePlan(firm, now) === plan) throw new HttpError(409, `The firm is already on the ${plan} plan.`, 'same_plan');
    if (plan === 'free') {
      await db.transaction().execute(async (trx) => {
        await lockFirmRow(trx, actor.firmId);
        await trx.updateTable('firms').set({ plan_key: 'free', plan_renews_at: null }).where('id', '=', actor.firmId).execute();
        await recordActivity(trx, { firmId: actor.firmId, actorUserId: actor.userId, kind: 'plan.changed', subject: 'free', at: now });
      });
      return { plan, orderId: null, redirectUrl: null };
    }
    const price = PLANS[plan];
    const orderId = randomId();
    await db
      .insertInto('plan_orders')
      .values({
        id: orderId,
        firm_id: actor.firmId,
        plan_key: plan,
        amount_minor: price.priceMinor,
        currency: price.currency,
        requested_by: actor.userId,
        status: 'pending',
        invoice_id: null,
        created_at: now.toISOString(),
        paid_at: null,
      })
      .execute();
    const payment = await payments.start({
      subjectType: SUBSCRIPTION_SUBJECT,
      subjectId: orderId,
      reference: `PLAN-${shortId().toUpperCase()}`,
      amountMinor: price.priceMinor,
      currency: price.currency,
      description: `Souk ${plan} plan, 1 month — ${firm.name}`,
      returnPath: `/workspace/billing?order=${orderId}`,
      cancelPath: `/workspace/subscription/${plan}?canceled=1`,
      language: normalizeLanguage(language),
      attemptKey: '1',
    });
    return { plan, orderId, redirectUrl: payment.redirect_url };
  }

  /** Where an order stands, asking the provider first when it is still pending (the payer just came back). */
  async function order(firmId: string, orderId: string): Promise<PlanOrder> {
    const read = () => db.selectFrom('plan_orders').selectAll().where('id', '=', orderId).where('firm_id', '=', firmId).executeTakeFirst();
    let row = await read();
    if (!row) throw notFound('Order not found.');
    if (row.status === 'pending') {
      const payment = await payments.latest(SUBSCRIPTION_SUBJECT, orderId);
      if (payment?.status === 'pending') await payments.sync(payment.id);
      row = (await read())!;
    }
    return toOrder(row);
  }

  /** The payment of a plan order went through: the invoice, the firm's plan for a month, the activity line. */
  async function paid(trx: Transaction<Database>, payment: PaymentRow): Promise<void> {
    const row = await trx.selectFrom('plan_orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    await lockFirmRow(trx, row.firm_id);
    const now = clock();
    const firm = await trx
      .selectFrom('firms')
      .select(['plan_key', 'plan_renews_at'])
      .where('id', '=', row.firm_id)
      .executeTakeFirstOrThrow();
    // paying again for the plan in force extends it; anything else starts today
    const start =
      firm.plan_key === row.plan_key && firm.plan_renews_at && firm.plan_renews_at > now.toISOString()
        ? new Date(firm.plan_renews_at)
        : now;
    const end = addMonth(start);
    const invoiceId = randomId();
    const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
    await trx
      .insertInto('invoices')
      .values({
        id: invoiceId,
        firm_id: row.firm_id,
        number: `SOUK-${stamp}-${shortId()
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, 'X')
          .slice(0, 8)}`,
        plan_key: row.plan_key,
        amount_minor: payment.amount_minor,
        currency: payment.currency,
        period_start: start.toISOString(),
        period_end: end.toISOString(),
        status: 'paid',
        provider: payment.provider,
        payment_ref: payment.reference,
        issued_by: row.requested_by,
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .updateTable('firms')
      .set({ plan_key: row.plan_key, plan_renews_at: end.toISOString() })
      .where('id', '=', row.firm_id)
      .execute();
    await trx
      .updateTable('plan_orders')
      .set({ status: 'paid', paid_at: now.toISOString(), invoice_id: invoiceId })
      .where('id', '=', row.id)
      .execute();
    await recordActivity(trx, { firmId: row.firm_id, actorUserId: row.requested_by, kind: 'plan.changed', subject: row.plan_key, at: now });
  }

  /** The owner left the payment step: the order is over (a declined card leaves it open for another try). */
  async function canceled(trx: Transaction<Database>, payment: PaymentRow): Promise<void> {
    await trx
      .updateTable('plan_orders')
      .set({ status: 'canceled' })
      .where('id', '=', payment.subject_id)
      .where('status', '=', 'pending')
      .execute();
  }

  async function invoices(firmId: string): Promise<Invoice[]> {
    const rows = await db
      .selectFrom('invoices')
      .selectAll()
      .where('firm_id', '=', firmId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      plan: row.plan_key as PlanKey,
      amountMinor: row.amount_minor,
      currency: row.currency,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      status: row.status as Invoice['status'],
      paidAt: row.created_at,
    }));
  }

  /** A printable receipt of an invoice, in the firm's language. */
  async function receipt(firmId: string, invoiceId: string): Promise<{ number: string; html: string }> {
    const row = await db
      .selectFrom('invoices as i')
      .innerJoin('firms as f', 'f.id', 'i.firm_id')
      .leftJoin('users as u', 'u.id', 'i.issued_by')
      .select([
        'i.number',
        'i.plan_key',
        'i.amount_minor',
        'i.currency',
        'i.period_start',
        'i.period_end',
        'i.status',
        'i.provider',
        'i.payment_ref',
        'i.created_at',
        'f.name',
        'f.username',
        'f.address_line',
        'f.city',
        'f.country',
        'f.language',
        'f.timezone',
        'u.first_name',
        'u.last_name',
      ])
      .where('i.id', '=', invoiceId)
      .where('i.firm_id', '=', firmId)
      .executeTakeFirst();
    if (!row) throw notFound('Invoice not found.');
    return { number: row.number, html: renderReceipt(row) };
  }

  payments.handle(SUBSCRIPTION_SUBJECT, { succeeded: paid, canceled });

  return { change, order, invoices, receipt };
}
