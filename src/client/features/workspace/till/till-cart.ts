import { promoOutcome, type PromoTerms } from '../../../../shared/promotions';
import {
  discountOff,
  tillPromoLine,
  discountOverLimit,
  tillTotals,
  TILL_MAX_QUANTITY,
  type TillCatalogue,
  type TillDiscount,
  type TillItem,
  type TillSaleInput,
} from '../../../../shared/till';

/**
 * The sale being rung up: its lines (one per dish option or product variant, each with its own discount), a discount,
 * a note, and the customer's promo code as the server found it (instead of the discounts).
 */
export interface TillCart {
  lines: { item: TillItem; quantity: number; discount: TillDiscount | null }[];
  discount: TillDiscount | null;
  note: string;
  promo: PromoTerms | null;
}

export const EMPTY_CART: TillCart = { lines: [], discount: null, note: '', promo: null };

/** What tells a tile, and a line of the sale, from every other: the item, its variant or its option. */
export const itemKey = (item: TillItem) => `${item.kind}-${item.itemId}-${item.variantId ?? ''}-${item.option ?? ''}`;

const sameItem = (a: TillItem, b: TillItem) => itemKey(a) === itemKey(b);

/** One more of `item`: a new line, or the same line's quantity up (never past the most a line takes). */
export function addItem(cart: TillCart, item: TillItem): TillCart {
  const line = cart.lines.find((l) => sameItem(l.item, item));
  if (!line) return { ...cart, lines: [...cart.lines, { item, quantity: 1, discount: null }] };
  return setQuantity(cart, item, line.quantity + 1);
}

/** The line's quantity set; 0 takes the line off. */
export function setQuantity(cart: TillCart, item: TillItem, quantity: number): TillCart {
  const clamped = Math.min(TILL_MAX_QUANTITY, Math.max(0, Math.trunc(quantity)));
  return {
    ...cart,
    lines:
      clamped === 0
        ? cart.lines.filter((l) => !sameItem(l.item, item))
        : cart.lines.map((l) => (sameItem(l.item, item) ? { ...l, quantity: clamped } : l)),
  };
}

/** The line's own discount set (null: none). */
export function setLineDiscount(cart: TillCart, item: TillItem, discount: TillDiscount | null): TillCart {
  return { ...cart, lines: cart.lines.map((l) => (sameItem(l.item, item) ? { ...l, discount } : l)) };
}

export function quantityOf(cart: TillCart, item: TillItem): number {
  return cart.lines.find((l) => sameItem(l.item, item))?.quantity ?? 0;
}

/** A discount as the sale carries it: a kind chosen with no value yet is none. */
const discountOf = (discount: TillDiscount | null) => (discount && discount.value > 0 ? discount : null);

/** What the line's own discount takes off it. */
export const lineDiscount = (line: TillCart['lines'][number]) =>
  discountOff(line.item.priceMinor * line.quantity, discountOf(line.discount));

/** What the cart's code takes off its lines, or why it does not fit them (the server prices it the same way). */
function promoOf(cart: TillCart) {
  if (!cart.promo) return { discount: 0, misfit: null };
  const lines = cart.lines.map((l) => tillPromoLine({ ...l.item, unitPrice: l.item.priceMinor, quantity: l.quantity }));
  const outcome = promoOutcome(cart.promo, lines, cart.promo.currency);
  return { discount: outcome.discount, misfit: outcome.misfit };
}

/** The figures the screen shows, counted as the server counts them. */
export function cartFigures(cart: TillCart) {
  const figures = tillTotals(
    cart.lines.map((l) => ({ unitPrice: l.item.priceMinor, quantity: l.quantity, discount: discountOf(l.discount) })),
    discountOf(cart.discount),
  );
  const promo = promoOf(cart);
  return {
    ...figures,
    total: figures.total - promo.discount,
    promoDiscount: promo.discount,
    promoMisfit: promo.misfit,
    overLimit: discountOverLimit(figures.subtotal, figures.discount),
    count: cart.lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** The sale as the server takes it. */
export function saleInput(
  cart: TillCart,
  sale: Pick<TillSaleInput, 'saleKey' | 'currency' | 'tenderedMinor' | 'cardMinor' | 'offline' | 'soldAt' | 'shiftId'>,
): TillSaleInput {
  return {
    ...sale,
    lines: cart.lines.map((l) => ({
      kind: l.item.kind,
      itemId: l.item.itemId,
      variantId: l.item.variantId,
      option: l.item.option,
      quantity: l.quantity,
      unitPrice: l.item.priceMinor,
      discount: discountOf(l.discount),
    })),
    discount: discountOf(cart.discount),
    note: cart.note.trim(),
    promoCode: cart.promo?.code ?? null,
  };
}

/** The lines at the catalogue's prices now (after a reload or a refused sale); an item gone from it keeps its line. */
export function repriced(cart: TillCart, catalogue: TillCatalogue): TillCart {
  const items = catalogue.groups.flatMap((g) => g.items);
  return {
    ...cart,
    // a line whose item is the same keeps its object, so the sale's unchanged lines are not drawn again
    lines: cart.lines.map((line) => {
      const item = items.find((candidate) => sameItem(candidate, line.item)) ?? line.item;
      return item === line.item ? line : { ...line, item };
    }),
  };
}
