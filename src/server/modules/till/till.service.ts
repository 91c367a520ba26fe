import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { ActiveEmployment } from '../../app-env';
import type { Database } from '../../db/schema';
import { formatMoney } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import type { PromoTerms } from '../../../shared/promotions';
import { can } from '../../../shared/permissions';
import {
  discountOverLimit,
  tillPromoLine,
  tillTotals,
  TILL_DISCOUNT_LIMIT_PERCENT,
  type TillCatalogue,
  type TillFlag,
  type TillIssuedTicket,
  type TillSale,
  type TillSaleInput,
} from '../../../shared/till';
import { openKitchenTickets, publishKitchenChange } from '../kitchen/kitchen-tickets';
import { soldOut, take, takeStockRegardless, type Hold } from '../orders/holds';
import { createOrderWriter, replayOf } from '../orders/new-order';
import { createOrderContext, hashOf, problem, type OrderRow } from '../orders/order-context';
import { ticketCode } from '../orders/references';
import { promoForOrder, usablePromo, type OrderPromo } from '../promotions/promo-uses';
import { promoRefused } from '../promotions/promo-texts';
import { ticketQuery, toTicket } from '../orders/ticket-views';
import { checkSale, readSale } from '../orders/tier-rules';
import { notFound } from '../../lib/errors';
import { readTillItems, tillCatalogueGroups, type StockedItem } from './till-items';

/** The sale as the till sees it: a refunded sale was paid all the same. */
function saleStatus(orderStatus: string): TillSale['status'] {
  if (orderStatus === 'pending_payment') return 'awaiting_card';
  return orderStatus === 'expired' || orderStatus === 'cancelled' ? 'cancelled' : 'paid';
}

/**
 * Selling at the till: the sale checked against the firm's items as they are now, written as a paid
 * order (its stock taken in the same transaction, its dishes sent to the kitchen) with the cash
 * beside it, or, with a card part, an order waiting for the provider to confirm the card. See src/shared/till.ts for what an offline sale may do that an online one may not.
 */
export function createTillService(deps: AppDeps, options: { capacityGuard: boolean }) {
  const ctx = createOrderContext(deps, options);
  const { db, clock, now, payments, closePending, expireOverdue, holdOptions } = ctx;
  const { createOrder } = createOrderWriter(ctx);

  async function saleView(orderId: string, created: boolean): Promise<TillSale> {
    const row = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['o.reference', 'o.status', 'o.total_minor', 'o.currency', 's.subtotal_minor', 's.discount_minor', 's.tendered_minor'])
      .select(['o.promo_code', 'o.discount_minor as promo_minor'])
      .select(['s.change_minor', 's.card_minor', 's.flags', 's.offline', 's.sold_at'])
      .where('s.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const status = saleStatus(row.status);
    const step = status === 'awaiting_card' ? await payments.latest('order', orderId) : undefined;
    const tickets = status === 'paid' ? await issuedTickets(orderId) : [];
    return {
      reference: row.reference,
      status,
      subtotalMinor: row.subtotal_minor,
      discountMinor: row.discount_minor,
      totalMinor: row.total_minor,
      tenderedMinor: row.tendered_minor,
      changeMinor: row.change_minor,
      cardMinor: row.card_minor,
      cardStepUrl: step?.redirect_url ?? null,
      currency: row.currency,
      flags: JSON.parse(row.flags) as TillFlag[],
      offline: row.offline === 1,
      soldAt: row.sold_at,
      promo: row.promo_code ? { code: row.promo_code, discountMinor: row.promo_minor } : null,
      tickets,
      created,
    };
  }

  /** The sale's valid tickets with the codes the door reads: the walk-in takes them on the printed receipt. */
  async function issuedTickets(orderId: string): Promise<TillIssuedTicket[]> {
    const rows = await ticketQuery(db).where('t.order_id', '=', orderId).where('t.status', '=', 'active').orderBy('t.created_at').execute();
    return Promise.all(
      rows.map(async (row) => {
        // the holder's own view: the seller holds a walk-in's tickets
        const ticket = await toTicket(db, row, row.holderId, clock());
        return {
          id: ticket.id,
          eventName: ticket.event.name,
          tierName: ticket.categoryName,
          startDateTime: ticket.event.startDateTime,
          code: ticket.code ?? '',
          qrSvg: ticket.qrSvg ?? '',
        };
      }),
    );
  }

  /**
   * The event a sale's tickets are of, and how many of each tier it takes; a sale sells tickets of one event
   * (the order names it). None when it sells no ticket.
   */
  function ticketSeats(input: TillSaleInput, items: StockedItem[]) {
    const events = new Set(items.flatMap((item) => (item.eventId ? [item.eventId] : [])));
    if (events.size === 0) return undefined;
    if (events.size > 1) {
      throw problem(422, 'till_one_event', 'One sale sells tickets of one event: sell the other event’s in a sale of its own.', {
        lines: ['Tickets of another event.'],
      });
    }
    const seats = new Map<string, number>();
    input.lines.forEach((line) => {
      if (line.kind === 'ticket') seats.set(line.itemId, (seats.get(line.itemId) ?? 0) + line.quantity);
    });
    return { eventId: [...events][0], seats };
  }

  type TicketSeats = NonNullable<ReturnType<typeof ticketSeats>>;

  /** The online sale's rules for each tier (on sale, the event not started, at most so many an order). */
  async function checkTiers(source: Transaction<Database> | typeof db, tickets: TicketSeats) {
    for (const [categoryId, quantity] of tickets.seats) checkSale(await readSale(source, tickets.eventId, categoryId), quantity, clock());
  }

  /**
   * The seats, taken as a checkout takes them: the rules read again in the order's transaction, then one
   * conditional UPDATE per tier and event. A walk-in has no account, so no buyer's limit is counted: the
   * seller would reach it after a few sales.
   */
  const takeSeats = (tickets: TicketSeats) => async (trx: Transaction<Database>) => {
    await checkTiers(trx, tickets);
    const holds: Hold[] = [...tickets.seats].map(([itemId, quantity]) => ({ kind: 'seats', itemId, eventId: tickets.eventId, quantity }));
    if (!(await take(trx, holds, holdOptions))) throw soldOut();
  };

  /** One ticket per seat, held by the seller: valid at once for cash, reserved until the card part is taken. */
  async function issueTickets(trx: Transaction<Database>, orderId: string, tickets: TicketSeats, sellerId: string, paid: boolean) {
    const at = clock().getTime();
    const rows = [...tickets.seats].flatMap(([categoryId, quantity]) => Array.from({ length: quantity }, () => categoryId));
    await trx
      .insertInto('tickets')
      .values(
        rows.map((categoryId, index) => ({
          id: crypto.randomUUID(),
          order_id: orderId,
          event_id: tickets.eventId,
          category_id: categoryId,
          holder_id: sellerId,
          code: ticketCode(),
          status: paid ? 'active' : 'reserved',
          transferred_from: null,
          created_at: new Date(at + index).toISOString(),
          updated_at: now(),
        })),
      )
      .execute();
  }

  /** What refuses an online sale flags an offline one: its goods and its cash have changed hands already. */
  function refuseOrFlag(input: TillSaleInput, flags: Set<TillFlag>, flag: TillFlag, refusal: () => Error) {
    if (!input.offline) throw refusal();
    flags.add(flag);
  }

  function checkLines(input: TillSaleInput, items: StockedItem[], flags: Set<TillFlag>) {
    const unavailable = items.filter((item) => !item.available);
    if (unavailable.length) {
      refuseOrFlag(input, flags, 'unavailable', () =>
        problem(422, 'item_unavailable', `No longer available: ${unavailable.map((i) => i.name).join(', ')}.`, {
          items: unavailable.map((i) => `${i.name} is no longer available.`),
        }),
      );
    }
    const repriced = items.filter((item, index) => item.price !== input.lines[index].unitPrice);
    if (repriced.length) {
      refuseOrFlag(input, flags, 'price_changed', () =>
        problem(
          409,
          'price_changed',
          `The price of ${repriced.map((i) => `${i.name} is now ${formatMoney(i.price, i.currency)}`).join(', ')}.`,
        ),
      );
    }
  }

  /**
   * The sale joins the shift its till had open, even one closed since: a sale queued offline was
   * made, and its cash put in the drawer, before that drawer was counted.
   */
  async function checkShift(employment: ActiveEmployment, shiftId: string | null) {
    if (!shiftId) return;
    const shift = await db
      .selectFrom('till_shifts')
      .select('id')
      .where('id', '=', shiftId)
      .where('firm_id', '=', employment.firmId)
      .executeTakeFirst();
    if (!shift) throw problem(422, 'till_shift_unknown', 'This sale names a shift this firm never had: reload the till.');
  }

  /**
   * A code at the till: the checkout's own rules (promo-uses.ts), its use taken in the sale's transaction. A code
   * of one use per customer is refused: the buyer of a till sale is the seller, so the first walk-in would use it
   * up for every other.
   */
  async function tillPromo(employment: ActiveEmployment, code: string, language: Language): Promise<PromoTerms> {
    const ask = { firmId: employment.firmId, buyerId: employment.userId, code, at: now(), language };
    const { row, terms } = await usablePromo(db, ask);
    if (row.once_per_customer === 1) throw promoRefused('promo_once_per_customer', language);
    return terms;
  }

  /** The sale's lines priced with its code, or nothing without one. */
  async function salePromo(
    employment: ActiveEmployment,
    input: TillSaleInput,
    items: StockedItem[],
    language: Language,
  ): Promise<OrderPromo | undefined> {
    if (!input.promoCode) return undefined;
    await tillPromo(employment, input.promoCode, language);
    const lines = input.lines.map((line, index) =>
      tillPromoLine({ ...line, unitPrice: items[index].price, eventId: items[index].eventId ?? null }),
    );
    const ask = { firmId: employment.firmId, buyerId: employment.userId, code: input.promoCode, at: now(), language };
    return promoForOrder(db, ask, lines, input.currency);
  }

  /** The sale's own row, the stock of an offline sale, its event tickets and the kitchen's tickets, in the order's transaction. */
  const finishSale =
    (
      input: TillSaleInput,
      employment: ActiveEmployment,
      figures: { subtotal: number; discount: number; total: number },
      flags: Set<TillFlag>,
      stock: Hold[],
      tickets: TicketSeats | undefined,
    ) =>
    async (trx: Transaction<Database>, orderId: string) => {
      if (tickets) await issueTickets(trx, orderId, tickets, employment.userId, !input.cardMinor);
      const written = new Set(flags);
      for (const hold of input.offline ? stock : []) {
        if (await takeStockRegardless(trx, hold, now)) written.add('out_of_stock');
      }
      await trx
        .insertInto('till_sales')
        .values({
          order_id: orderId,
          firm_id: employment.firmId,
          seller_id: employment.userId,
          sale_key: input.saleKey,
          subtotal_minor: figures.subtotal,
          discount_minor: figures.discount,
          tendered_minor: input.tenderedMinor,
          change_minor: input.tenderedMinor - (figures.total - input.cardMinor),
          card_minor: input.cardMinor,
          offline: input.offline ? 1 : 0,
          flags: JSON.stringify([...written].sort()),
          sold_at: input.soldAt,
          received_at: now(),
          shift_id: input.shiftId,
        })
        .execute();
      // a sale with a card part goes to the kitchen when the card is taken (the order's payment does it)
      if (!input.cardMinor) await openKitchenTickets(trx, orderId, now());
    };

  async function sell(employment: ActiveEmployment, input: TillSaleInput, language: Language): Promise<TillSale> {
    // not `offline` nor `soldAt`: a sale whose answer was lost online is sent again from the offline queue
    const { saleKey, lines, discount, note, currency, tenderedMinor, cardMinor } = input;
    // a line without a discount or an option (a sale without a card part) hashes as it did before lines could have
    // them (before cards): a sale queued then is still recognised
    const hashedLines = lines.map(({ discount: off, option, ...line }) => ({
      ...line,
      ...(off ? { discount: off } : {}),
      ...(option ? { option } : {}),
    }));
    const card = cardMinor ? { cardMinor } : {};
    const code = input.promoCode ? { promoCode: input.promoCode } : {};
    const requestHash = hashOf({ kind: 'till', saleKey, lines: hashedLines, discount, note, currency, tenderedMinor, ...card, ...code });
    const prior = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['o.id', 'o.request_hash'])
      .where('s.firm_id', '=', employment.firmId)
      .where('s.sale_key', '=', input.saleKey)
      .executeTakeFirst();
    if (prior) {
      replayOf(prior, requestHash);
      return saleView(prior.id, false);
    }
    if (input.offline && cardMinor > 0) {
      throw problem(422, 'card_offline', 'A card cannot be taken while the till is offline: take cash, or wait for the connection.');
    }
    if (input.offline && lines.some((line) => line.kind === 'ticket')) {
      throw problem(422, 'tickets_offline', 'Event tickets are sold while the till is online only: the door reads codes the server signs.');
    }
    if (input.promoCode && input.offline) {
      throw problem(422, 'promo_offline', 'A promo code is checked by the server: take it when the till is online.');
    }
    if (input.promoCode && (discount || lines.some((line) => line.discount))) {
      throw problem(422, 'promo_with_discount', 'A promo code replaces the till’s discounts: remove them to take the code.', {
        promoCode: ['Not with a till discount.'],
      });
    }
    const items = await readTillItems(db, employment.firmId, input.lines);
    const firm = await db
      .selectFrom('firms')
      .select(['currency', 'till_offline'])
      .where('id', '=', employment.firmId)
      .executeTakeFirstOrThrow();
    if (items.some((item) => item.currency !== input.currency)) {
      throw problem(409, 'price_changed', `This till sells in ${firm.currency}: reload it and make the sale again.`);
    }
    await checkShift(employment, input.shiftId);
    const tickets = ticketSeats(input, items);
    if (tickets) {
      await checkTiers(db, tickets);
      // seats of holds that ran out go back on sale first, as a checkout does
      await expireOverdue({ eventId: tickets.eventId });
    }
    const flags = new Set<TillFlag>();
    if (input.offline && firm.till_offline !== 1) flags.add('offline_not_allowed');
    checkLines(input, items, flags);
    // an offline sale keeps the prices it was made at: that is what the customer paid
    const priced = input.lines.map((line, index) => ({ ...line, unitPrice: input.offline ? line.unitPrice : items[index].price }));
    const promo = await salePromo(employment, input, items, language);
    const own = tillTotals(priced, input.discount);
    // the code's discount is the order's (its lines carry their shares); the till's own stays the staff member's
    const figures = { ...own, total: own.total - (promo?.discount ?? 0) };
    if (discountOverLimit(figures.subtotal, figures.discount) && !can(employment.role, 'till.manage')) {
      refuseOrFlag(input, flags, 'discount_over_limit', () =>
        problem(403, 'discount_over_limit', `A discount above ${TILL_DISCOUNT_LIMIT_PERCENT}% needs an owner or a manager.`),
      );
    }
    if (cardMinor > figures.total) {
      throw problem(422, 'card_over_total', `The card part is more than the total, ${formatMoney(figures.total, input.currency)}.`, {
        cardMinor: ['More than the total.'],
      });
    }
    const cashDue = figures.total - cardMinor;
    if (input.tenderedMinor < cashDue) {
      throw problem(422, 'not_enough_cash', `The cash given is less than the cash part, ${formatMoney(cashDue, input.currency)}.`, {
        tenderedMinor: ['Less than the cash part.'],
      });
    }
    const stock: Hold[] = priced
      .filter((line) => line.kind === 'product')
      .map((line) => ({ kind: 'stock', itemId: line.itemId, variantId: line.variantId, quantity: line.quantity }));
    const { row, created } = await createOrder({
      buyerId: employment.userId,
      firmId: employment.firmId,
      kind: 'till',
      eventId: tickets?.eventId ?? null,
      currency: input.currency,
      total: figures.total,
      promo,
      idempotencyKey: `till:${input.saleKey}`,
      requestHash,
      language,
      kitchenNote: input.note || null,
      lines: priced.map((line, index) => ({
        kind: line.kind,
        itemId: line.itemId,
        label: items[index].name,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        variant: items[index].variant,
      })),
      // online, stock is taken only where it is left (or the sale is refused); offline, whatever is left
      holds: input.offline ? [] : stock,
      holderIds: [],
      rules: tickets && takeSeats(tickets),
      paidNow: cardMinor === 0,
      finish: finishSale(input, employment, figures, flags, stock, tickets),
    });
    if (!created) {
      replayOf(row, requestHash);
      return saleView(row.id, false);
    }
    if (cardMinor > 0) {
      await startCard(row, cardMinor, language);
      return saleView(row.id, true);
    }
    if (priced.some((line) => line.kind === 'menu_item')) {
      await publishKitchenChange(deps, { firmId: employment.firmId, buyerId: employment.userId, reference: row.reference });
    }
    return saleView(row.id, true);
  }

  /**
   * The card part on the provider's own step, which comes back to the till. If the provider cannot
   * be reached the sale is cancelled at once: its stock goes back and the till may take cash instead.
   */
  async function startCard(order: OrderRow, amountMinor: number, language: Language) {
    const firm = await db.selectFrom('firms').select('name').where('id', '=', order.firm_id).executeTakeFirstOrThrow();
    const back = `/workspace/pos?card=${order.reference}`;
    try {
      await payments.start({
        subjectType: 'order',
        subjectId: order.id,
        reference: order.reference,
        amountMinor,
        currency: order.currency,
        description: firm.name,
        returnPath: back,
        cancelPath: back,
        language,
        metadata: { orderId: order.id, reference: order.reference },
        attemptKey: '1',
      });
    } catch (error) {
      deps.logger.warn({ err: error, reference: order.reference }, 'the card step could not be opened');
      await closePending(order.id, 'cancelled');
      throw problem(503, 'card_unavailable', 'Card payments cannot be taken right now: take cash, or try again in a moment.');
    }
  }

  /**
   * The till is back from the card step: the provider is asked where the card stands (its webhook
   * may come before or after; either settles the sale once). A card step given up cancels the sale.
   */
  async function confirmCard(employment: ActiveEmployment, reference: string): Promise<TillSale> {
    const sale = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['o.id', 'o.status'])
      .where('s.firm_id', '=', employment.firmId)
      .where('o.reference', '=', reference)
      .executeTakeFirst();
    if (!sale) throw notFound('No till sale of this firm has this reference.');
    const latest = sale.status === 'pending_payment' ? await payments.latest('order', sale.id) : undefined;
    let status = latest?.status;
    if (latest && (status === 'pending' || status === 'failed')) {
      try {
        status = (await payments.sync(latest.id)).status;
      } catch (error) {
        // the provider is unreachable: its webhook will tell, the till asks again
        deps.logger.warn({ err: error, reference }, 'the card payment could not be read from the provider');
      }
    }
    if (status === 'canceled') await closePending(sale.id, 'cancelled');
    return saleView(sale.id, false);
  }

  async function catalogue(employment: ActiveEmployment): Promise<TillCatalogue> {
    const [firm, groups] = await Promise.all([
      db.selectFrom('firms').select(['currency', 'till_offline']).where('id', '=', employment.firmId).executeTakeFirstOrThrow(),
      tillCatalogueGroups(db, employment.firmId, clock()),
    ]);
    const manages = can(employment.role, 'till.manage');
    return {
      currency: firm.currency,
      offlineAllowed: firm.till_offline === 1,
      unlimitedDiscounts: manages,
      canChangeSettings: manages,
      groups,
    };
  }

  async function setOfflineAllowed(employment: ActiveEmployment, allowed: boolean): Promise<TillCatalogue> {
    await db
      .updateTable('firms')
      .set({ till_offline: allowed ? 1 : 0 })
      .where('id', '=', employment.firmId)
      .execute();
    return catalogue(employment);
  }

  return { catalogue, sell, confirmCard, setOfflineAllowed, checkPromo: tillPromo };
}
