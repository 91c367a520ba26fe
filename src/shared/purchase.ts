import { z } from 'zod';
import { ADDON_QUANTITY_MAX, ADDON_QUANTITY_MIN, FRIEND_SEARCH_MIN_LENGTH } from './limits';
import { promoCodeTextSchema } from './promotions';

/**
 * The ticket purchase form: its fields and rules, the request the
 * server checks with the same rules, and the pure total and summary functions both sides use.
 */

/** Holders of one order: the buyer and friends, one ticket each. */
export const MAX_HOLDERS = 10;

const id = z.string().trim().min(1).max(64);

export const purchaseAddonSchema = z.object({
  addonId: id,
  /** Min 0, max 10, step 1 */
  quantity: z.number().int().min(ADDON_QUANTITY_MIN).max(ADDON_QUANTITY_MAX),
});
export type PurchaseAddon = z.infer<typeof purchaseAddonSchema>;

const distinct = (values: string[]) => new Set(values).size === values.length;

const holderIdsSchema = z
  .array(id)
  .min(1, 'Add at least one person.')
  .max(MAX_HOLDERS, `At most ${MAX_HOLDERS} people per order.`)
  .refine(distinct, 'A person can hold only one ticket of an order.');

const addonsSchema = z
  .array(purchaseAddonSchema)
  .max(50)
  .refine((addons) => distinct(addons.map((a) => a.addonId)), 'Each add-on once.');

/** The form's state: categoryId required, the friend search text, holders (the buyer first), add-ons. */
export const purchaseFormSchema = z.object({
  categoryId: z.string().min(1, 'Choose a ticket tier.').max(64),
  friend: z.string().max(100),
  holderIds: holderIdsSchema,
  addons: addonsSchema,
});

/** `POST /api/user/orders/tickets`: what Proceed sends (with an `Idempotency-Key` header). */
export const ticketCheckoutSchema = z.object({
  eventId: id,
  categoryId: id,
  holderIds: holderIdsSchema,
  /** only add-ons with a quantity above 0 */
  addons: z.array(purchaseAddonSchema.extend({ quantity: z.number().int().min(1).max(ADDON_QUANTITY_MAX) })).max(50),
  /** the total the form showed, in minor units (after the promo code's discount): a price changed since is refused, never charged */
  expectedTotal: z.number().int().min(0).max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** a promo code of the event's firm (src/shared/promotions.ts) */
  promoCode: promoCodeTextSchema.optional(),
});
export type TicketCheckout = z.infer<typeof ticketCheckoutSchema>;

/** An Idempotency-Key header: one per purchase attempt, so a retried request never buys twice. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A line of the summary. */
export interface SummaryItem {
  label: string;
  qty: number;
  unitPrice: number;
}

export interface PricedAddon {
  addonId: string;
  name: string;
  price: number;
}

/** Total = category price × number of holders + Σ(add-on price × quantity). */
export function purchaseTotal(categoryPrice: number, holders: number, addons: ReadonlyArray<{ price: number; quantity: number }>): number {
  return categoryPrice * holders + addons.reduce((sum, addon) => sum + addon.price * addon.quantity, 0);
}

/**
 * The summary shows only lines with a quantity above 0 (the tier's line is one
 * per holder), in the form's order; the Total comes after them.
 */
export function purchaseSummary(
  category: { name: string; price: number } | undefined,
  holders: number,
  addons: ReadonlyArray<PricedAddon>,
  quantities: ReadonlyArray<PurchaseAddon>,
): { items: SummaryItem[]; total: number } {
  const items: SummaryItem[] = [];
  if (category && holders > 0) items.push({ label: category.name, qty: holders, unitPrice: category.price });
  const chosen: { price: number; quantity: number }[] = [];
  for (const addon of addons) {
    const qty = quantities.find((q) => q.addonId === addon.addonId)?.quantity ?? 0;
    if (qty > 0) {
      items.push({ label: addon.name, qty, unitPrice: addon.price });
      chosen.push({ price: addon.price, quantity: qty });
    }
  }
  return { items, total: category ? purchaseTotal(category.price, holders, chosen) : chosen.reduce((s, a) => s + a.price * a.quantity, 0) };
}

/** 'x qty' after the label when the quantity exceeds 1. */
export function summaryLabel(item: SummaryItem): string {
  return item.qty > 1 ? `${item.label} x ${item.qty}` : item.label;
}

/** Submit collects only add-ons with a quantity above 0. */
export function submittedAddons(addons: ReadonlyArray<PurchaseAddon>): PurchaseAddon[] {
  return addons.filter((addon) => addon.quantity > 0).map(({ addonId, quantity }) => ({ addonId, quantity }));
}

/** A friend search runs from this many characters. */
export const canSearchFriends = (text: string) => text.trim().length >= FRIEND_SEARCH_MIN_LENGTH;

/** Distinct results, without the people already holding a ticket of the form. */
export function friendSuggestions<T extends { id: string }>(results: ReadonlyArray<T>, holderIds: ReadonlyArray<string>): T[] {
  const seen = new Set(holderIds);
  const out: T[] = [];
  for (const person of results) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    out.push(person);
  }
  return out;
}

/**
 * The problem codes of checkout (RFC 9457 `code`), each shown in the form in the user's
 * language (locales tickets.json `problems.<code>`).
 */
export const CHECKOUT_PROBLEMS = [
  'sold_out',
  'event_closed',
  'unknown_category',
  'tier_not_on_sale',
  'tier_limit',
  'unknown_addon',
  'not_a_friend',
  'price_changed',
  'idempotency_key_reused',
  'order_not_payable',
  'out_of_stock',
  'item_unavailable',
  'menu_not_serving',
  'firm_closed',
  'variant_required',
  'variant_not_allowed',
  'variant_not_found',
  'cart_empty',
  'ticket_not_transferable',
  'validation_failed',
  'handover_not_offered',
  'delivery_address_required',
  'outside_delivery_zone',
  'below_delivery_minimum',
  'table_unknown',
  'counter_needs_table',
  'counter_dishes_only',
  'counter_payment_off',
  'counter_orders_open',
] as const;
export type CheckoutProblem = (typeof CHECKOUT_PROBLEMS)[number];
