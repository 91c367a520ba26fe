import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FETCH_LIMIT } from './limits';
import { imageFieldsSchema } from './image-fields';
import { pagedSchema, pagingQuery } from './paging';

export const productQuerySchema = z.object({
  ...pagingQuery(FETCH_LIMIT.products, DEFAULT_PAGE_SIZE.products),
  firmId: z.string().min(1).max(64).optional(),
});

export const productSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  firmId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceMinor: z.number().int(),
  currency: z.string(),
  inStock: z.boolean(),
  /** sold by its variants (sizes, colours): chosen on its own page, not put in a cart from a list */
  hasVariants: z.boolean(),
  /** for the firm's approved followers (and team) alone: shown with a "Followers only" marker */
  followersOnly: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pagedSchema(productSchema);

/**
 * The units left to tell a buyer ("Only 3 left"): a tracked stock's, once it is at or below the firm's
 * low-stock mark and not yet gone; else null. A larger stock stays the firm's business.
 */
export const fewLeft = (item: { trackStock: boolean; stock: number; sold: number; lowStockAt: number }) => {
  const left = item.stock - item.sold;
  return item.trackStock && left > 0 && left <= item.lowStockAt ? left : null;
};

/** A size or colour a visitor chooses: its price, whether it can be had, and how many when few are left. */
export const publicVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceMinor: z.number().int(),
  inStock: z.boolean(),
  fewLeft: z.number().int().nullable(),
});

/** A product's page: the product with the firm that sells it, and its variants (empty: none). */
export const productDetailSchema = productSchema.extend({
  /** the price before a reduction, shown struck through beside the price (null: none) */
  compareAtMinor: z.number().int().nullable(),
  /** units left once at or below the firm's low-stock mark, else null */
  fewLeft: z.number().int().nullable(),
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  variants: z.array(publicVariantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
