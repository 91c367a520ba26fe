import { z } from 'zod';
import { deliveryAddressSchema, HANDOVER_METHODS } from './fulfilment';
import { tableTokenSchema } from './firm-tables';
import { imageFieldsSchema } from './image-fields';
import { promoCodeTextSchema } from './promotions';
import { openingIntervalSchema } from './firms';

/** One cart per user and firm, of products and (where the firm takes orders) menu items. */
export const CART_MAX_QUANTITY = 20;

export const CART_ITEM_TYPES = ['product', 'menu_item'] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

/** `PUT /api/user/cart/items`: sets a line's quantity (0 removes it). */
export const cartItemInputSchema = z.object({
  itemType: z.enum(CART_ITEM_TYPES),
  itemId: z.string().trim().min(1).max(64),
  /** the chosen variant: required for a product with variants, refused for anything else */
  variantId: z.string().trim().min(1).max(64).nullish(),
  quantity: z.number().int().min(0).max(CART_MAX_QUANTITY),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const cartLineSchema = imageFieldsSchema.extend({
  itemType: z.enum(CART_ITEM_TYPES),
  itemId: z.string(),
  shortId: z.string(),
  name: z.string(),
  /** the product's chosen variant (its own price and stock); null for a product without variants or a menu item */
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  /** false when it can no longer be ordered (sold out, withdrawn, the firm stopped taking orders) */
  available: z.boolean(),
  /** what is left of a product (or its variant) that counts its stock; null when unlimited */
  stockLeft: z.number().int().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  firmId: z.string(),
  firmName: z.string(),
  firmUsername: z.string(),
  /** the firm's week and its zone: its dishes are ordered while it is open (src/shared/opening-hours.ts orderingOpenAt) */
  openingHours: z.array(openingIntervalSchema),
  timezone: z.string(),
  currency: z.string(),
  lines: z.array(cartLineSchema),
  totalMinor: z.number().int(),
  itemCount: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartsSchema = z.object({ carts: z.array(cartSchema) });
export type Carts = z.infer<typeof cartsSchema>;

/** the longest note for the kitchen a cart order may carry */
export const KITCHEN_NOTE_MAX = 200;

/** `POST /api/user/orders/cart/{firmId}`: the total the cart showed (a changed price is refused, never charged). */
export const cartCheckoutSchema = z.object({
  expectedTotal: z.number().int().min(0).max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** for the kitchen ("no onions"), shown on its tickets */
  note: z.string().trim().max(KITCHEN_NOTE_MAX).optional(),
  /** a cart with products: collected or delivered (src/shared/fulfilment.ts); unset = pickup where the firm offers it */
  handover: z.enum(HANDOVER_METHODS).optional(),
  /** where a delivery goes; required (422) when `handover` is delivery */
  deliveryAddress: deliveryAddressSchema.optional(),
  /** a promo code of the firm (src/shared/promotions.ts); `expectedTotal` is after its discount */
  promoCode: promoCodeTextSchema.optional(),
  /** the token of the table whose code the buyer scanned: the order is served there */
  tableToken: tableTokenSchema.optional(),
  /** a table's order of dishes only, where the firm allows it: paid at the counter, cooked at once */
  payAtCounter: z.boolean().optional(),
});
export type CartCheckout = z.infer<typeof cartCheckoutSchema>;
