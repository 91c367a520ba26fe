import { z } from 'zod';

/**
 * Promo codes: a firm's code takes a percentage or an amount off the lines it applies to (the whole
 * firm, or chosen events, ticket tiers and products), within a validity window, a total number of
 * uses, one use per customer if the firm says so, and a minimum order. The form and the cart show
 * the discount with the same functions the server charges it with.
 */

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_TARGET_TYPES = ['event', 'tier', 'product'] as const;
export type PromoTargetType = (typeof PROMO_TARGET_TYPES)[number];

/** What a buyer types: letters, digits, '-' and '_'; compared without regard to case. */
export const promoCodeTextSchema = z
  .string()
  .trim()
  .min(3, 'validation.tooShort')
  .max(32, 'validation.tooLong')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.promoCode');

/** The key a code is unique and found by within its firm. */
export const promoKey = (code: string) => code.trim().toUpperCase();

const ids = z.array(z.string().trim().min(1).max(64)).max(100);
const amount = z.number().int().min(0).max(100_000_000);

/** `POST /api/dashboard/promotions?firmId=`: a new code. No target at all: the whole firm. */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeTextSchema,
    kind: z.enum(PROMO_KINDS),
    /** a percentage (1 to 100), or an amount in minor units of the firm's currency */
    value: z.number().int().min(1).max(100_000_000),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    /** uses in all; null: unlimited */
    usageLimit: z.number().int().min(1).max(1_000_000).nullable(),
    oncePerCustomer: z.boolean(),
    minOrderMinor: amount,
    targets: z.object({ events: ids, tiers: ids, products: ids }),
    /** an offer for the firm's approved followers: only they may use it, and each is told of it once (default: for anyone) */
    forFollowers: z.boolean().default(false),
  })
  .refine((input) => input.kind !== 'percent' || input.value <= 100, { path: ['value'], message: 'validation.percent' })
  .refine((input) => !input.startsAt || !input.endsAt || input.startsAt < input.endsAt, {
    path: ['endsAt'],
    message: 'validation.endBeforeStart',
  });
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;

export const promoTargetSchema = z.object({ type: z.enum(PROMO_TARGET_TYPES), id: z.string(), name: z.string() });

/** A code as the firm's list shows it, with its uses so far. */
export const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  currency: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  uses: z.number().int(),
  oncePerCustomer: z.boolean(),
  minOrderMinor: z.number().int(),
  active: z.boolean(),
  forFollowers: z.boolean(),
  /** the followers told of it so far (0 for a code for everyone) */
  sentTo: z.number().int(),
  /** empty: the whole firm */
  targets: z.array(promoTargetSchema),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodeListSchema = z.object({ codes: z.array(promoCodeSchema) });
export type PromoCodeList = z.infer<typeof promoCodeListSchema>;

const named = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /api/dashboard/promotions/targets?firmId=`: what the form offers a code to apply to, the
 * firm's events on sale or to come with their ticket tiers, and its products.
 */
export const promoTargetOptionsSchema = z.object({
  events: z.array(named.extend({ tiers: z.array(named) })),
  products: z.array(named),
});
export type PromoTargetOptions = z.infer<typeof promoTargetOptionsSchema>;

/** `POST /api/user/promo-codes/check`: may this buyer use this code of this firm now? */
export const promoCheckSchema = z.object({ firmId: z.string().trim().min(1).max(64), code: promoCodeTextSchema });

/** What a code does, once the server found it usable by the buyer now (the lines decide the rest). */
export const promoTermsSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  currency: z.string(),
  minOrderMinor: z.number().int(),
  /** null: every line of the firm */
  targets: z.object({ events: z.array(z.string()), tiers: z.array(z.string()), products: z.array(z.string()) }).nullable(),
});
export type PromoTerms = z.infer<typeof promoTermsSchema>;

/** A line of an order as a code sees it: a ticket's item is its tier, an add-on's its own id. */
export interface PromoLine {
  kind: string;
  itemId: string;
  eventId: string | null;
  /** unit price × quantity, in minor units */
  amount: number;
}

function appliesTo(targets: PromoTerms['targets'], line: PromoLine): boolean {
  if (!targets) return true;
  const ofEvent = line.eventId !== null && targets.events.includes(line.eventId);
  if (line.kind === 'ticket') return ofEvent || targets.tiers.includes(line.itemId);
  if (line.kind === 'addon') return ofEvent;
  if (line.kind === 'product') return targets.products.includes(line.itemId);
  return false;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Each line's discount. A percentage is taken from each eligible line (rounded down, to the minor
 * unit); an amount is shared across the eligible lines in proportion to them, never more than they cost.
 */
export function promoDiscounts(terms: PromoTerms, lines: readonly PromoLine[]): number[] {
  const eligible = lines.map((line) => (appliesTo(terms.targets, line) ? line.amount : 0));
  if (terms.kind === 'percent') return eligible.map((value) => Math.floor((value * terms.value) / 100));
  const base = sum(eligible);
  if (base === 0) return eligible.map(() => 0);
  const off = Math.min(terms.value, base);
  const shares = eligible.map((value) => Math.floor((off * value) / base));
  let rest = off - sum(shares);
  for (let i = 0; rest > 0 && i < shares.length; i++) {
    const more = Math.min(eligible[i] - shares[i], rest);
    shares[i] += more;
    rest -= more;
  }
  return shares;
}

/** Why a usable code still does not fit these lines, or null when it does. */
export type PromoMisfit = 'promo_not_applicable' | 'promo_below_minimum';

/** The code on these lines: each line's discount and their sum, or why it does not fit them. */
export function promoOutcome(
  terms: PromoTerms,
  lines: readonly PromoLine[],
  currency: string,
): { discounts: number[]; discount: number; misfit: PromoMisfit | null } {
  const none = { discounts: lines.map(() => 0), discount: 0 };
  if (terms.kind === 'amount' && terms.currency !== currency) return { ...none, misfit: 'promo_not_applicable' };
  const discounts = promoDiscounts(terms, lines);
  const discount = sum(discounts);
  if (discount === 0) return { ...none, misfit: 'promo_not_applicable' };
  if (sum(lines.map((line) => line.amount)) < terms.minOrderMinor) return { ...none, misfit: 'promo_below_minimum' };
  return { discounts, discount, misfit: null };
}

/**
 * What the first `units` of a line's `quantity` were paid: their list price less their share of the
 * line's discount. A refund of k units after r gives back paidForUnits(r + k) − paidForUnits(r), so
 * refunds in any steps add up to exactly what the line was paid.
 */
function paidForUnits(unitPrice: number, quantity: number, discount: number, units: number): number {
  return unitPrice * units - Math.floor((discount * units) / quantity);
}

/** What refunding `units` more of a line gives back, after the `refundedQty` refunded already (the server's refund and the dialog's preview). */
export function refundOfUnits(line: { unitPrice: number; qty: number; discountMinor: number; refundedQty: number }, units: number): number {
  const paid = (n: number) => paidForUnits(line.unitPrice, line.qty, line.discountMinor, n);
  return paid(line.refundedQty + units) - paid(line.refundedQty);
}

/**
 * The refusals of a code at checkout and at the till (RFC 9457 `code`). Their detail comes in the buyer's
 * language (the server words them), so the form shows it as it came. The till cannot tell one walk-in from
 * another, so it refuses a code of one use per customer (`promo_once_per_customer`).
 */
export type PromoProblem =
  | 'promo_unknown'
  | 'promo_not_started'
  | 'promo_expired'
  | 'promo_exhausted'
  | 'promo_used'
  | 'promo_once_per_customer'
  | 'promo_followers_only'
  | PromoMisfit;
