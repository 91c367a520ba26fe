import { z } from 'zod';
import { idempotencyKeySchema } from './purchase';
import { emailSchema } from './auth';
import { CATALOGUE_LIMITS } from './owner-catalogue';
import { promoCodeTextSchema, type PromoLine } from './promotions';

/**
 * The till (/api/dashboard/till, /workspace/pos): the team sells the firm's dishes and products at
 * the counter. A sale is an order like any other (kind `till`, stock taken in its transaction,
 * dishes sent to the kitchen), with the cash handed over and the change beside it. A cash sale is
 * paid at once. A sale with a card part waits for it: the card is taken on the payment provider's
 * own step (the terminal), and the sale is paid, and its dishes sent, when the provider confirms.
 *
 * Offline, a till the firm allows to (an owner or manager switches it on) keeps selling for cash:
 * each sale waits on the device under its own key and is sent when the connection returns. The
 * server takes each key once. The goods of an offline sale are already handed over, so it is never
 * refused: what would have refused it online (stock gone meanwhile, a price changed, a discount
 * above the limit) is written on the sale as a flag for the owner. A card needs the provider, so
 * never offline.
 *
 * Event tickets sell at the till online only: a seat is not on the shelf, so a sale the server has
 * not seen could sell one it has given to someone else, and the door's code is signed by the server.
 * A walk-in's tickets are held by the seller (a till sale's buyer) and printed on the receipt.
 *
 * A promo code is taken at the till as at checkout (its window, its minimum, its uses, counted in the
 * sale's transaction), online only, and instead of the till's own discounts, never on top of them. A
 * code of one use per customer is for accounts: the till cannot tell one walk-in from another.
 */

/** A discount above this share of the sale needs an owner or a manager at the till. */
export const TILL_DISCOUNT_LIMIT_PERCENT = 10;
export const TILL_MAX_LINES = 100;
export const TILL_MAX_QUANTITY = 99;
/** the largest amount a till takes or gives, in minor units (a typing slip of many zeros is refused) */
export const TILL_MAX_MINOR = 10_000_000;

export const TILL_FLAGS = ['out_of_stock', 'price_changed', 'unavailable', 'discount_over_limit', 'offline_not_allowed'] as const;
export type TillFlag = (typeof TILL_FLAGS)[number];

export const TILL_ITEM_KINDS = ['menu_item', 'product', 'ticket'] as const;

/** The till offers tickets of the firm's events that start within this many hours (tonight's, not next month's). */
export const TILL_EVENT_HOURS = 24;

export const tillDiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), value: z.number().int().min(1).max(100) }),
  z.object({ kind: z.literal('amount'), value: z.number().int().min(1).max(TILL_MAX_MINOR) }),
]);
export type TillDiscount = z.infer<typeof tillDiscountSchema>;

const id = z.string().min(1).max(64);

export const tillSaleLineSchema = z.object({
  kind: z.enum(TILL_ITEM_KINDS),
  /** the dish, the product, or the ticket's tier */
  itemId: id,
  /** the product's variant; none for a dish or a product without variants */
  variantId: id.nullable(),
  /** the dish's option by its name (a size, a filling), priced with it; none for the dish as it comes, or a product */
  option: z.string().min(1).max(CATALOGUE_LIMITS.optionName).nullable().default(null),
  quantity: z.number().int().min(1).max(TILL_MAX_QUANTITY),
  /** the price the till showed (minor units): online a different price now is refused, offline it is flagged */
  unitPrice: z.number().int().min(0).max(TILL_MAX_MINOR),
  /** off this line alone, before the sale's own discount */
  discount: tillDiscountSchema.nullable().default(null),
});
export type TillSaleLine = z.infer<typeof tillSaleLineSchema>;

export const tillSaleInputSchema = z.object({
  /** made by the till once per sale: the same sale sent again (a retry, a queue sent twice) is taken once */
  saleKey: idempotencyKeySchema,
  lines: z.array(tillSaleLineSchema).min(1).max(TILL_MAX_LINES),
  discount: tillDiscountSchema.nullable(),
  /** for the kitchen */
  note: z.string().trim().max(500),
  currency: z.string().length(3),
  /** the cash handed over: at least the total less the card part */
  tenderedMinor: z.number().int().min(0).max(TILL_MAX_MINOR),
  /** the part paid by card (at most the total): all of it, some of it (a split), or none (cash) */
  cardMinor: z.number().int().min(0).max(TILL_MAX_MINOR).default(0),
  /** when the till made the sale (its own clock) */
  soldAt: z.iso.datetime(),
  /** true: made offline and sent later */
  offline: z.boolean(),
  /** the shift the till had open when it made the sale (none for a sale queued before shifts were kept) */
  shiftId: id.nullable().default(null),
  /** the customer's promo code, online and with no till discount */
  promoCode: promoCodeTextSchema.nullable().default(null),
});
export type TillSaleInput = z.infer<typeof tillSaleInputSchema>;

/** A ticket the sale issued, as the receipt prints it: the door reads its QR. */
export const tillIssuedTicketSchema = z.object({
  id: z.string(),
  eventName: z.string(),
  tierName: z.string(),
  startDateTime: z.string(),
  /** the code a person can read out, and the QR of the door's signed code (SVG) */
  code: z.string(),
  qrSvg: z.string(),
});
export type TillIssuedTicket = z.infer<typeof tillIssuedTicketSchema>;

/** paid: taken; awaiting_card: its card part is not confirmed yet; cancelled: the card step was given up (or timed out) */
export const TILL_SALE_STATUSES = ['paid', 'awaiting_card', 'cancelled'] as const;

export const tillSaleSchema = z.object({
  reference: z.string(),
  status: z.enum(TILL_SALE_STATUSES),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  tenderedMinor: z.number().int(),
  changeMinor: z.number().int(),
  cardMinor: z.number().int(),
  /** the provider's card step while the card part waits; null otherwise */
  cardStepUrl: z.string().nullable(),
  currency: z.string(),
  flags: z.array(z.enum(TILL_FLAGS)),
  offline: z.boolean(),
  soldAt: z.string(),
  /** the promo code the sale was priced with, and what it took off */
  promo: z.object({ code: z.string(), discountMinor: z.number().int() }).nullable(),
  /** the event tickets it issued, once paid (none while its card part waits) */
  tickets: z.array(tillIssuedTicketSchema),
  /** false: this sale key was taken before (the answer is the sale as it was taken) */
  created: z.boolean(),
});
export type TillSale = z.infer<typeof tillSaleSchema>;

export const tillItemSchema = z.object({
  kind: z.enum(TILL_ITEM_KINDS),
  itemId: z.string(),
  variantId: z.string().nullable(),
  /** the dish's option this tile sells, its price included; null for the dish as it comes, or a product */
  option: z.string().nullable(),
  /** a ticket's event (a promo code may be for it); null for anything else */
  eventId: z.string().nullable(),
  /** the dish or product, with the variant's or the option's name after it */
  name: z.string(),
  priceMinor: z.number().int(),
  /** how many are left when stock is counted; null when it is not */
  left: z.number().int().nullable(),
  available: z.boolean(),
});
export type TillItem = z.infer<typeof tillItemSchema>;

export const tillCatalogueSchema = z.object({
  currency: z.string(),
  /** the firm lets its tills sell for cash offline */
  offlineAllowed: z.boolean(),
  /** the person at the till may give discounts above the limit (an owner or a manager) */
  unlimitedDiscounts: z.boolean(),
  /** may switch offline selling on or off */
  canChangeSettings: z.boolean(),
  /** a menu section's dishes (named by its section, else its menu), then the shop's products (no name) */
  groups: z.array(z.object({ key: z.string(), name: z.string().nullable(), items: z.array(tillItemSchema) })),
});
export type TillCatalogue = z.infer<typeof tillCatalogueSchema>;

/** `POST /till/promo`: a code the customer gives, checked before the sale is charged. */
export const tillPromoInputSchema = z.object({ code: promoCodeTextSchema });

/** A till line as a promo code sees it (the till and the server price a code the same way). */
export const tillPromoLine = (line: {
  kind: string;
  itemId: string;
  eventId: string | null;
  unitPrice: number;
  quantity: number;
}): PromoLine => ({
  kind: line.kind,
  itemId: line.itemId,
  eventId: line.eventId,
  amount: line.unitPrice * line.quantity,
});

export const tillSettingsInputSchema = z.object({ offlineAllowed: z.boolean() });

/** What `discount` takes off `amount`: a share of it, or a sum (never more than the amount). */
export function discountOff(amount: number, discount: TillDiscount | null | undefined): number {
  if (!discount) return 0;
  return discount.kind === 'percent' ? Math.round((amount * discount.value) / 100) : Math.min(discount.value, amount);
}

/**
 * The sale's figures from its lines and discounts: each line's own discount first, then the sale's
 * on what is left. `discount` is both together, the figure the staff limit is checked against.
 * The till and the server count the same way.
 */
export function tillTotals(
  lines: readonly { unitPrice: number; quantity: number; discount?: TillDiscount | null }[],
  discount: TillDiscount | null,
) {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const lineDiscounts = lines.reduce((sum, line) => sum + discountOff(line.unitPrice * line.quantity, line.discount), 0);
  const discountMinor = lineDiscounts + discountOff(subtotal - lineDiscounts, discount);
  return { subtotal, discount: discountMinor, total: subtotal - discountMinor };
}

/** Whether a discount goes beyond what anyone at the till may give. */
export function discountOverLimit(subtotal: number, discountMinor: number): boolean {
  return discountMinor * 100 > subtotal * TILL_DISCOUNT_LIMIT_PERCENT;
}

/** `POST /till/sales/{reference}/receipt`: the sale's receipt mailed to the customer at the counter. */
export const tillReceiptInputSchema = z.object({ email: emailSchema });
export const tillSaleReferenceParamSchema = z.object({ reference: z.string().min(1).max(32) });
/** How many times one sale's receipt may be mailed within an hour (a typo corrected, not a mailing list). */
export const TILL_RECEIPTS_PER_SALE = 3;
