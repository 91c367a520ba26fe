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

/** A size or colour a visitor chooses: its price and whether it can be had (never the stock count). */
export const publicVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceMinor: z.number().int(),
  inStock: z.boolean(),
});

/** A product's page: the product with the firm that sells it, and its variants (empty: none). */
export const productDetailSchema = productSchema.extend({
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  variants: z.array(publicVariantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
