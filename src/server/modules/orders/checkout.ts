import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatMoney } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import type { CheckoutAnswer } from '../../../shared/orders';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { purchaseTotal, type TicketCheckout } from '../../../shared/purchase';
import type { CartCheckout } from '../../../shared/cart';
import { cartLines, type CartLine } from './cart-lines';
import { handoverOf, writeHandover } from './handover';
import { soldOut } from './holds';
import type { WaitLine } from '../waitlist/offers';
import { createOrderWriter, replayOf, type NewOrder } from './new-order';
import { promoForOrder, type OrderPromo } from '../promotions/promo-uses';
import { hashOf, problem, type OrderContext, type OrderRow } from './order-context';
import { emptyCartOf, type OrderPayments } from './order-payments';
import { assertMayBuy } from '../firm-followers/audience';
import { checkSale, eventWithoutTier, readSale, takeBuyerLimit, type Sale } from './tier-rules';
import { summaryQuery, toSummary } from './order-queries';
import { tableOrderOf, withinCounterLimit } from './counter-orders';
import { openKitchenTickets, publishKitchenChange } from '../kitchen/kitchen-tickets';

/** Checkout: tickets from the purchase form, or a firm's cart, into an order holding its places and its payment step. */

const priceChanged = (total: number, currency: string, what: 'form' | 'cart') =>
  problem(409, 'price_changed', `The price changed since the ${what} was loaded: the total is now ${formatMoney(total, currency)}.`, {
    expectedTotal: [String(total)],
  });

export function createCheckout(ctx: OrderContext, paying: OrderPayments) {
  const { db, clock, now, holdOptions, expireOverdue, waitlist, deps } = ctx;
  const { createOrder } = createOrderWriter(ctx);

  /** The buyer's promo code on the order's lines, when one was typed; refused when it does not fit them. */
  async function promoOf(
    order: { buyerId: string; firmId: string; eventId: string | null; currency: string; language: string },
    code: string | undefined,
    lines: NewOrder['lines'],
  ): Promise<OrderPromo | undefined> {
    if (!code) return undefined;
    const ask = { firmId: order.firmId, buyerId: order.buyerId, code, at: now(), language: normalizeLanguage(order.language) };
    const promoLines = lines.map((l) => ({ kind: l.kind, itemId: l.itemId, eventId: order.eventId, amount: l.unitPrice * l.quantity }));
    return promoForOrder(db, ask, promoLines, order.currency);
  }

  async function areFriends(userId: string, others: string[]): Promise<Set<string>> {
    if (!others.length) return new Set();
    const rows = await db
      .selectFrom('friendships')
      .select(['requester_id', 'addressee_id'])
      .where('status', '=', FRIENDSHIP_STATUS.accepted)
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', userId), eb('addressee_id', 'in', others)]),
          eb.and([eb('addressee_id', '=', userId), eb('requester_id', 'in', others)]),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => (r.requester_id === userId ? r.addressee_id : r.requester_id)));
  }

  async function priorOrder(buyerId: string, idempotencyKey: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  async function answer(row: OrderRow, created: boolean): Promise<CheckoutAnswer & { created: boolean }> {
    let current = row;
    if (created && row.total_minor === 0) {
      await paying.settlePaid(row.id);
      current = await db.selectFrom('orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    }
    const summary = toSummary(await summaryQuery(db).where('o.id', '=', current.id).executeTakeFirstOrThrow());
    return { order: summary, redirectUrl: await paying.paymentFor(current, false), created };
  }

  /** The event and tier of a ticket checkout, refused by the first rule of the sale it breaks. */
  async function saleOf(input: TicketCheckout) {
    const sale = await readSale(db, input.eventId, input.categoryId);
    if (!sale) await eventWithoutTier(db, input.eventId, clock());
    checkSale(sale, input.holderIds.length, clock());
    // Without the guard (the harness only), the classic mistake: decide on what was read here and
    // write later. With it, this read decides nothing: the conditional UPDATE does.
    if (!holdOptions.capacityGuard) {
      if (sale.sold + input.holderIds.length > sale.capacity) throw soldOut();
      // SQLite's driver is synchronous: a request would otherwise run from this read to its commit
      // without letting another in. A real gap (a provider call, a second process on the file)
      // is one turn of the event loop here.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return sale;
  }

  /**
   * The sale's rules as the order's transaction sees them, and the buyer's share of the tier taken.
   * A waitlist offer the buyer holds on the tier is used here: its seats come back to be taken by
   * this order; what the order does not take passes to the next in line (`passOn`).
   */
  const saleRules = (buyerId: string, input: TicketCheckout) => {
    let usedOffer = false;
    let checked: Sale | undefined;
    return {
      rules: async (trx: Transaction<Database>) => {
        const sale = await readSale(trx, input.eventId, input.categoryId);
        checkSale(sale, input.holderIds.length, clock());
        checked = sale;
        usedOffer = (await waitlist.useOffer(trx, buyerId, { kind: 'seats', categoryId: sale.id })) > 0;
      },
      buyerShare: (trx: Transaction<Database>) => takeBuyerLimit(trx, checked!, buyerId, input.holderIds.length),
      passOn: async (trx: Transaction<Database>) => {
        if (usedOffer) await waitlist.offerFreeSeats(trx, [input.categoryId]);
      },
    };
  };

  /**
   * The buyer's waitlist offers on a cart's products, used by its order like a tier's: the held units
   * come back to be taken by the order, and what it does not take passes to the next in line.
   */
  const stockOffers = (buyerId: string, lines: WaitLine[]) => {
    const used: WaitLine[] = [];
    return {
      use: async (trx: Transaction<Database>) => {
        for (const line of lines) if ((await waitlist.useOffer(trx, buyerId, line)) > 0) used.push(line);
      },
      passOn: (trx: Transaction<Database>) => waitlist.offerFree(trx, used),
    };
  };

  async function addonsOf(eventId: string, input: TicketCheckout) {
    const addonIds = input.addons.map((a) => a.addonId);
    const addons = addonIds.length
      ? await db
          .selectFrom('event_addons')
          .select(['id', 'name', 'price_minor'])
          .where('event_id', '=', eventId)
          .where('id', 'in', addonIds)
          .execute()
      : [];
    if (addons.length !== addonIds.length) {
      throw problem(422, 'unknown_addon', 'An add-on is not one of this event.', { addons: ['Not an add-on of this event.'] });
    }
    return input.addons.map((a) => ({ ...a, addon: addons.find((row) => row.id === a.addonId)! }));
  }

  async function onlyFriends(buyerId: string, holderIds: string[]) {
    const others = holderIds.filter((id) => id !== buyerId);
    const friends = await areFriends(buyerId, others);
    const strangers = others.filter((id) => !friends.has(id));
    if (strangers.length) {
      throw problem(422, 'not_a_friend', 'Tickets can be bought for friends only.', {
        holderIds: strangers.map((id) => `${id} is not your friend.`),
      });
    }
  }

  async function checkoutTickets(buyerId: string, input: TicketCheckout, idempotencyKey: string, language: string) {
    const requestHash = hashOf({ kind: 'tickets', ...input, addons: [...input.addons].sort((a, b) => a.addonId.localeCompare(b.addonId)) });
    const prior = await priorOrder(buyerId, idempotencyKey);
    if (prior) {
      replayOf(prior, requestHash);
      return answer(prior, false);
    }
    const sale = await saleOf(input);
    await assertMayBuy(db, { firmId: sale.firmId, audiences: [sale.audience], buyerId, language: normalizeLanguage(language) });
    const chosen = await addonsOf(sale.eventId, input);
    await onlyFriends(buyerId, input.holderIds);
    const lines = [
      { kind: 'ticket', itemId: sale.id, label: sale.name, unitPrice: sale.price, quantity: input.holderIds.length },
      ...chosen.map((a) => ({
        kind: 'addon',
        itemId: a.addon.id,
        label: a.addon.name,
        unitPrice: a.addon.price_minor,
        quantity: a.quantity,
      })),
    ];
    const promo = await promoOf(
      { buyerId, firmId: sale.firmId, eventId: sale.eventId, currency: sale.currency, language },
      input.promoCode,
      lines,
    );
    const total =
      purchaseTotal(
        sale.price,
        input.holderIds.length,
        chosen.map((a) => ({ price: a.addon.price_minor, quantity: a.quantity })),
      ) - (promo?.discount ?? 0);
    if (input.currency !== sale.currency || input.expectedTotal !== total) throw priceChanged(total, sale.currency, 'form');
    await expireOverdue({ eventId: sale.eventId });
    const rules = saleRules(buyerId, input);
    const { row, created } = await createOrder({
      buyerId,
      firmId: sale.firmId,
      kind: 'tickets',
      eventId: sale.eventId,
      currency: sale.currency,
      total,
      promo,
      idempotencyKey,
      requestHash,
      language: normalizeLanguage(language),
      lines,
      holds: [{ kind: 'seats', itemId: sale.id, eventId: sale.eventId, quantity: input.holderIds.length }],
      holderIds: input.holderIds,
      categoryId: sale.id,
      rules: rules.rules,
      buyerShare: rules.buyerShare,
      finish: rules.passOn,
    });
    if (!created) replayOf(row, requestHash);
    return answer(row, created);
  }

  const subtotalOf = (items: CartLine[]) => items.reduce((sum, i) => sum + i.price * i.quantity, 0);

  /** A cart that may be ordered: not empty, every line still on sale, its dishes while the firm is open; its currency. */
  function orderableCart(items: CartLine[]): string {
    if (!items.length) throw problem(422, 'cart_empty', 'Your cart for this shop is empty.');
    const unavailable = items.filter((i) => !i.available);
    if (unavailable.length) {
      throw problem(422, 'item_unavailable', `No longer available: ${unavailable.map((i) => i.name).join(', ')}.`, {
        items: unavailable.map((i) => `${i.name} is no longer available.`),
      });
    }
    // the firm's hours, read with the rest of the cart at the checkout's clock: a dish ordered at closing time is refused
    if (items.some((i) => !i.inHours)) {
      throw problem(422, 'firm_closed', 'This business is closed now: its dishes can be ordered during its opening hours.');
    }
    const notServing = items.filter((i) => !i.serving);
    if (notServing.length) {
      throw problem(422, 'menu_not_serving', `Not served at this hour: ${notServing.map((i) => i.name).join(', ')}.`, {
        items: notServing.map((i) => `${i.name} is not served at this hour.`),
      });
    }
    return items[0].currency;
  }

  /** What a cart is ordered at: one currency, the total the buyer saw (the discount taken, any fee added). */
  function cartTotal(items: CartLine[], input: { expectedTotal: number; currency: string }, fee: number, discount: number) {
    const currency = items[0].currency;
    const total = subtotalOf(items) + fee - discount;
    if (items.some((i) => i.currency !== currency) || input.currency !== currency || input.expectedTotal !== total) {
      throw priceChanged(total, currency, 'cart');
    }
    return total;
  }

  /** Checkout of a firm's cart: the same order and payment flow, stock taken like seats. */
  async function checkoutCart(buyerId: string, firmId: string, input: CartCheckout, idempotencyKey: string, language: string) {
    const items = await cartLines(db, buyerId, firmId, clock());
    await assertMayBuy(db, { firmId, audiences: items.map((i) => i.audience), buyerId, language: normalizeLanguage(language) });
    const requestHash = hashOf({
      kind: 'shop',
      firmId,
      input,
      items: items.map((i) => [i.itemType, i.itemId, i.variant?.id ?? '', i.quantity]),
    });
    const prior = await priorOrder(buyerId, idempotencyKey);
    if (prior) {
      // the cart is emptied once paid: a replay is judged by its key and firm only
      if (prior.firm_id !== firmId || prior.kind !== 'shop') replayOf(prior, requestHash);
      return answer(prior, false);
    }
    // goods are handed over (collected or delivered); dishes alone go to the kitchen as before
    const handover = items.some((i) => i.itemType === 'product') ? await handoverOf(db, clock, firmId, input, subtotalOf(items)) : null;
    const currency = orderableCart(items);
    const { table, payAtCounter } = await tableOrderOf(
      db,
      firmId,
      input,
      items.map((i) => i.itemType),
    );
    const lines = items.map((i) => ({
      kind: i.itemType,
      itemId: i.itemId,
      // the label keeps the variant's name at purchase time: "Product — Size L" wherever the order is shown
      label: i.variant ? `${i.name} — ${i.variant.name}` : i.name,
      unitPrice: i.price,
      quantity: i.quantity,
      variant: i.variant,
    }));
    const promo = await promoOf({ buyerId, firmId, eventId: null, currency, language }, input.promoCode, lines);
    const stock = items
      .filter((i) => i.itemType === 'product')
      .map((i) => ({ line: { kind: 'stock', productId: i.itemId, variantId: i.variant?.id ?? null } as const, quantity: i.quantity }));
    const offers = stockOffers(
      buyerId,
      stock.map((s) => s.line),
    );
    const total = cartTotal(items, input, handover?.feeMinor ?? 0, promo?.discount ?? 0);
    const { row, created } = await createOrder({
      buyerId,
      firmId,
      kind: 'shop',
      eventId: null,
      currency,
      total,
      promo,
      idempotencyKey,
      requestHash,
      language: normalizeLanguage(language),
      kitchenNote: input.note || null,
      table,
      payAtCounter,
      lines,
      holds: stock.map(({ line, quantity }) => ({ kind: 'stock', itemId: line.productId, variantId: line.variantId, quantity })),
      holderIds: [],
      rules: async (trx) => {
        if (payAtCounter) await withinCounterLimit(trx, buyerId);
        await offers.use(trx);
      },
      finish: async (trx, orderId) => {
        await offers.passOn(trx);
        if (handover) await writeHandover(trx, orderId, handover);
        // the guest pays at the counter once served: the kitchen starts now, and the dishes leave the cart
        if (payAtCounter) {
          await openKitchenTickets(trx, orderId, now());
          await emptyCartOf(trx, { id: orderId, buyer_id: buyerId, firm_id: firmId });
        }
      },
    });
    if (created && payAtCounter) await publishKitchenChange(deps, { firmId, buyerId, reference: row.reference });
    return answer(row, created);
  }

  return { areFriends, checkoutTickets, checkoutCart };
}
