import { describe, expect, it } from 'vitest';
import {
  canSearchFriends,
  friendSuggestions,
  MAX_HOLDERS,
  purchaseFormSchema,
  purchaseSummary,
  purchaseTotal,
  submittedAddons,
  summaryLabel,
  ticketCheckoutSchema,
} from './purchase';

const addons = [
  { addonId: 'a1', name: 'Poster', price: 500 },
  { addonId: 'a2', name: 'Drink', price: 350 },
  { addonId: 'a3', name: 'Parking', price: 1000 },
];

describe('purchase total', () => {
  it('is the category price times the holders plus each add-on price times its quantity', () => {
    expect(purchaseTotal(1500, 2, [{ price: 500, quantity: 1 }])).toBe(3500);
    expect(purchaseTotal(1500, 1, [])).toBe(1500);
    expect(
      purchaseTotal(4500, 3, [
        { price: 500, quantity: 2 },
        { price: 350, quantity: 0 },
        { price: 1000, quantity: 10 },
      ]),
    ).toBe(4500 * 3 + 1000 + 10_000);
    expect(purchaseTotal(0, 4, [])).toBe(0);
  });
});

describe('purchase summary', () => {
  const quantities = [
    { addonId: 'a1', quantity: 1 },
    { addonId: 'a2', quantity: 0 },
    { addonId: 'a3', quantity: 3 },
  ];

  it('shows only lines with a quantity above 0, the tier first, and the total', () => {
    const summary = purchaseSummary({ name: 'VIP', price: 4500 }, 2, addons, quantities);
    expect(summary.items).toEqual([
      { label: 'VIP', qty: 2, unitPrice: 4500 },
      { label: 'Poster', qty: 1, unitPrice: 500 },
      { label: 'Parking', qty: 3, unitPrice: 1000 },
    ]);
    expect(summary.total).toBe(9000 + 500 + 3000);
  });

  it("adds 'x qty' only when the quantity exceeds 1", () => {
    expect(summaryLabel({ label: 'VIP', qty: 2, unitPrice: 1 })).toBe('VIP x 2');
    expect(summaryLabel({ label: 'Poster', qty: 1, unitPrice: 1 })).toBe('Poster');
  });

  it('has no tier line without a tier or without holders', () => {
    expect(purchaseSummary(undefined, 2, addons, quantities).items.map((i) => i.label)).toEqual(['Poster', 'Parking']);
    expect(purchaseSummary({ name: 'VIP', price: 4500 }, 0, addons, []).items).toEqual([]);
  });
});

describe('purchase form validation', () => {
  const valid = { categoryId: 't1', friend: '', holderIds: ['me'], addons: [{ addonId: 'a1', quantity: 0 }] };

  it('accepts a tier, at least one holder and add-ons from 0 to 10', () => {
    expect(purchaseFormSchema.safeParse(valid).success).toBe(true);
    expect(purchaseFormSchema.safeParse({ ...valid, addons: [{ addonId: 'a1', quantity: 10 }] }).success).toBe(true);
  });

  it('requires the category', () => {
    const result = purchaseFormSchema.safeParse({ ...valid, categoryId: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['categoryId']);
  });

  it('needs at least one holder, each once, at most MAX_HOLDERS', () => {
    expect(purchaseFormSchema.safeParse({ ...valid, holderIds: [] }).success).toBe(false);
    expect(purchaseFormSchema.safeParse({ ...valid, holderIds: ['me', 'me'] }).success).toBe(false);
    const many = Array.from({ length: MAX_HOLDERS + 1 }, (_, i) => `u${i}`);
    expect(purchaseFormSchema.safeParse({ ...valid, holderIds: many }).success).toBe(false);
    expect(purchaseFormSchema.safeParse({ ...valid, holderIds: many.slice(0, MAX_HOLDERS) }).success).toBe(true);
  });

  it('keeps add-on quantities between 0 and 10 in whole steps', () => {
    for (const quantity of [-1, 11, 1.5]) {
      expect(purchaseFormSchema.safeParse({ ...valid, addons: [{ addonId: 'a1', quantity }] }).success).toBe(false);
    }
  });

  it('submits only add-ons with a quantity above 0', () => {
    expect(
      submittedAddons([
        { addonId: 'a1', quantity: 0 },
        { addonId: 'a2', quantity: 2 },
      ]),
    ).toEqual([{ addonId: 'a2', quantity: 2 }]);
  });

  it('the checkout request refuses zero quantities, a lower-case currency and a negative total', () => {
    const body = {
      eventId: 'e1',
      categoryId: 't1',
      holderIds: ['me'],
      addons: [{ addonId: 'a1', quantity: 1 }],
      expectedTotal: 2000,
      currency: 'EUR',
    };
    expect(ticketCheckoutSchema.safeParse(body).success).toBe(true);
    expect(ticketCheckoutSchema.safeParse({ ...body, addons: [{ addonId: 'a1', quantity: 0 }] }).success).toBe(false);
    expect(ticketCheckoutSchema.safeParse({ ...body, currency: 'eur' }).success).toBe(false);
    expect(ticketCheckoutSchema.safeParse({ ...body, expectedTotal: -1 }).success).toBe(false);
  });
});

describe('friend suggestions', () => {
  it('search from one character', () => {
    expect(canSearchFriends('')).toBe(false);
    expect(canSearchFriends('  ')).toBe(false);
    expect(canSearchFriends('o')).toBe(true);
  });

  it('are distinct and leave out current holders', () => {
    const results = [{ id: 'omar' }, { id: 'sophie' }, { id: 'omar' }, { id: 'me' }, { id: 'james' }];
    expect(friendSuggestions(results, ['me', 'sophie'])).toEqual([{ id: 'omar' }, { id: 'james' }]);
  });
});
