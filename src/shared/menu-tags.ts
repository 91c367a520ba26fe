/**
 * The dietary and allergen tags a menu item can carry (zod-free: the workspace's tag picker and
 * the server's schema share it). "contains-…" tags are allergens, shown as warnings.
 */
export const MENU_TAGS = [
  'vegan',
  'vegetarian',
  'gluten-free',
  'dairy-free',
  'halal',
  'spicy',
  'alcohol',
  'contains-nuts',
  'contains-gluten',
  'contains-dairy',
  'contains-eggs',
  'contains-fish',
  'contains-shellfish',
  'contains-soy',
  'contains-sesame',
] as const;

/** Why a stock adjustment was made (the inventory's reason picker; the log keeps it). */
export const STOCK_REASONS = ['received', 'counted', 'damaged', 'returned', 'lost', 'other'] as const;
