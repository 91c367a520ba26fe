import type { AppDeps } from '../../app-deps';
import type { ActiveEmployment } from '../../app-env';
import { notFound } from '../../lib/errors';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { formatDateTime, formatMoney, visitorPreferences } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import { TILL_RECEIPTS_PER_SALE } from '../../../shared/till';
import { tillReceiptMail } from './till.mails';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A counter sale's receipt mailed to the customer who asks for it, in the firm's page language (the
 * language of its mails to customers) and its time zone. The mail is a durable job (src/server/lib/mail.ts):
 * once answered, it goes out even if this process dies. A sale's receipt goes out a few times an hour at
 * most: a mistyped address is corrected, the till is not a way to mail anyone anything.
 */
export function createTillReceipts(deps: AppDeps) {
  const { db, mail, clock } = deps;
  const perSale = createRateLimiter(deps.rateLimitStore, { name: 'till-receipt', max: TILL_RECEIPTS_PER_SALE, windowMs: HOUR_MS }, () =>
    clock().getTime(),
  );

  async function mailReceipt(employment: ActiveEmployment, reference: string, email: string): Promise<void> {
    const sale = await db
      .selectFrom('orders as o')
      .innerJoin('till_sales as s', 's.order_id', 'o.id')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .select([
        'o.id',
        'o.reference',
        'o.total_minor',
        'o.currency',
        's.discount_minor',
        's.tendered_minor',
        's.change_minor',
        's.card_minor',
      ])
      // a promo code's discount is the order's; the till's own is the sale's
      .select(['s.sold_at', 'o.discount_minor as promo_minor'])
      .select(['f.name as firmName', 'f.language', 'f.timezone'])
      .where('o.reference', '=', reference)
      .where('o.firm_id', '=', employment.firmId)
      .where('o.kind', '=', 'till')
      // a sale whose card was not taken has no receipt
      .where('o.paid_at', 'is not', null)
      .executeTakeFirst();
    if (!sale) throw notFound('No such sale at this till.');
    const verdict = await perSale.consume(sale.id);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'This receipt was mailed several times already: try again later.');
    const lines = await db
      .selectFrom('order_lines')
      .select(['label', 'quantity', 'unit_price_minor'])
      .where('order_id', '=', sale.id)
      .orderBy('sort')
      .execute();
    const language = normalizeLanguage(sale.language);
    const money = (minor: number) => formatMoney(minor, sale.currency, language);
    await mail.send({
      to: email,
      language,
      template: tillReceiptMail,
      params: {
        firmName: sale.firmName,
        reference: sale.reference,
        soldAt: formatDateTime(sale.sold_at, sale.timezone, visitorPreferences(language)),
        lines: lines.map(
          (line) =>
            [line.quantity > 1 ? `${line.label} x ${line.quantity}` : line.label, money(line.unit_price_minor * line.quantity)] as const,
        ),
        discount: sale.discount_minor + sale.promo_minor > 0 ? money(-(sale.discount_minor + sale.promo_minor)) : null,
        total: money(sale.total_minor),
        card: sale.card_minor > 0 ? money(sale.card_minor) : null,
        cash: sale.card_minor < sale.total_minor ? { tendered: money(sale.tendered_minor), change: money(sale.change_minor) } : null,
      },
    });
  }

  return { mailReceipt };
}
