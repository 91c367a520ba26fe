import { describe, expect, it } from 'vitest';
import type { TillItem } from '../../../../shared/till';
import { addItem, cartFigures, EMPTY_CART, quantityOf, repriced, saleInput, setLineDiscount, setQuantity } from './till-cart';
import { likelyNotes } from './till-payment';

const croissant: TillItem = {
  kind: 'menu_item',
  itemId: 'i1',
  variantId: null,
  option: null,
  eventId: null,
  name: 'Croissant',
  priceMinor: 250,
  left: null,
  available: true,
};
const mugS: TillItem = {
  kind: 'product',
  itemId: 'p1',
  variantId: 'v1',
  option: null,
  eventId: null,
  name: 'Mug — S',
  priceMinor: 900,
  left: 3,
  available: true,
};
const mugL: TillItem = { ...mugS, variantId: 'v2', name: 'Mug — L', priceMinor: 1100 };

/** The sale's own fields: a cash sale made online. */
const SALE = { saleKey: 'k'.repeat(10), currency: 'EUR', tenderedMinor: 2000, cardMinor: 0, offline: false, soldAt: '', shiftId: null };

const croissantAlmond: TillItem = { ...croissant, option: 'Almond', name: 'Croissant — Almond', priceMinor: 350 };

describe('the till cart', () => {
  it("keeps a dish's option on a line of its own, and sends it with the line", () => {
    const cart = addItem(addItem(addItem(EMPTY_CART, croissant), croissantAlmond), croissantAlmond);
    expect(cart.lines.map((l) => [l.item.name, l.quantity])).toEqual([
      ['Croissant', 1],
      ['Croissant — Almond', 2],
    ]);
    const input = saleInput(cart, SALE);
    expect(input.lines.map((l) => [l.option, l.unitPrice])).toEqual([
      [null, 250],
      ['Almond', 350],
    ]);
  });

  it('adds a line per item and variant, and counts up the same one', () => {
    let cart = addItem(EMPTY_CART, croissant);
    cart = addItem(cart, croissant);
    cart = addItem(cart, mugS);
    cart = addItem(cart, mugL);
    expect(cart.lines.map((l) => [l.item.name, l.quantity])).toEqual([
      ['Croissant', 2],
      ['Mug — S', 1],
      ['Mug — L', 1],
    ]);
    expect(cartFigures(cart)).toMatchObject({ subtotal: 2500, discount: 0, total: 2500, count: 4 });
  });

  it("takes a line's own discount before the sale's, sends it with the line, and checks both together against the limit", () => {
    let cart = setQuantity(addItem(addItem(EMPTY_CART, croissant), mugS), croissant, 2);
    cart = setLineDiscount(cart, croissant, { kind: 'amount', value: 100 });
    expect(cartFigures(cart)).toMatchObject({ subtotal: 1400, discount: 100, total: 1300, overLimit: false });
    cart = { ...cart, discount: { kind: 'percent', value: 5 } };
    // 100 off the croissants, then 5% of the 1300 left: 165 of 1400 is above the limit
    expect(cartFigures(cart)).toMatchObject({ discount: 165, total: 1235, overLimit: true });
    const input = saleInput(cart, SALE);
    expect(input.lines.map((l) => l.discount)).toEqual([{ kind: 'amount', value: 100 }, null]);
  });

  it('takes a line off at quantity 0 and never goes past the most a line takes', () => {
    const cart = addItem(EMPTY_CART, croissant);
    expect(setQuantity(cart, croissant, 0).lines).toEqual([]);
    expect(quantityOf(setQuantity(cart, croissant, 500), croissant)).toBe(99);
  });

  it('counts a discount as the server does, and leaves out a discount with no value yet', () => {
    const cart = { ...addItem(addItem(EMPTY_CART, mugS), croissant), discount: { kind: 'percent' as const, value: 15 } };
    expect(cartFigures(cart)).toMatchObject({ subtotal: 1150, discount: 173, total: 977, overLimit: true });
    const none = { ...cart, discount: { kind: 'amount' as const, value: 0 } };
    expect(saleInput(none, SALE).discount).toBeNull();
  });

  it("takes a promo code's discount as the server prices it, says when it no longer fits, and sends the code", () => {
    const terms = { code: 'MUGS', kind: 'percent' as const, value: 10, currency: 'EUR', minOrderMinor: 1000, targets: null };
    const cart = { ...addItem(addItem(EMPTY_CART, mugS), croissant), promo: terms };
    expect(cartFigures(cart)).toMatchObject({ subtotal: 1150, discount: 0, promoDiscount: 115, total: 1035, promoMisfit: null });
    expect(saleInput(cart, SALE).promoCode).toBe('MUGS');
    const smaller = setQuantity(cart, mugS, 0);
    expect(cartFigures(smaller)).toMatchObject({ promoDiscount: 0, total: 250, promoMisfit: 'promo_below_minimum' });
    const mugsOnly = { ...cart, promo: { ...terms, minOrderMinor: 0, targets: { events: [], tiers: [], products: ['p1'] } } };
    expect(cartFigures(mugsOnly)).toMatchObject({ promoDiscount: 90, total: 1060 });
  });

  it("follows the catalogue's new prices", () => {
    const cart = addItem(EMPTY_CART, croissant);
    const now = repriced(cart, {
      currency: 'EUR',
      offlineAllowed: false,
      unlimitedDiscounts: false,
      canChangeSettings: false,
      groups: [{ key: 'm', name: 'M', items: [{ ...croissant, priceMinor: 300 }] }],
    });
    expect(cartFigures(now).total).toBe(300);
  });
});

describe('the cash notes offered', () => {
  it('offers the next round amounts above the total', () => {
    expect(likelyNotes(1260, 'EUR')).toEqual([1500, 2000, 5000]);
    expect(likelyNotes(2000, 'EUR')).toEqual([5000, 10000]);
  });
});
