// The body of a till sale of one dish paid in cash, as the till sends it: the bench's kitchen board and the
// scale-out test's ticket across instances both ring such sales up.

/**
 * @param {{itemId: string, priceMinor: number}} dish a dish of the till's catalogue
 * @param {string} currency the catalogue's currency
 * @param {string} note the kitchen note
 */
export const oneDishCashSale = (dish, currency, note = '') => ({
  saleKey: crypto.randomUUID(),
  lines: [
    { kind: 'menu_item', itemId: dish.itemId, variantId: null, option: null, quantity: 1, unitPrice: dish.priceMinor, discount: null },
  ],
  discount: null,
  note,
  currency,
  tenderedMinor: dish.priceMinor,
  soldAt: new Date().toISOString(),
  offline: false,
});
