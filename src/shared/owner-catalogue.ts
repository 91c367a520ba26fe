import { z } from 'zod';
import { plainName } from './plain-name';
import { imageFieldsSchema } from './image-fields';
import { MENU_TAGS, STOCK_REASONS } from './menu-tags';
import { pagedSchema, pagingQuery } from './paging';
import { CURRENCIES } from './workspace';
import { servingHoursInputSchema, servingHoursSchema } from './menu-hours-schema';

/**
 * The workspace's menus, shop and inventory: what the editors send and read. The
 * server validates every body with these; amounts are integers in minor units (cents).
 */

export const CATALOGUE_LIMITS = {
  name: 120,
  description: 2000,
  /** 1 000 000.00 */
  price: 100_000_000,
  options: 20,
  optionName: 60,
  tags: MENU_TAGS.length,
  gallery: 7,
  sku: 64,
  stock: 1_000_000,
  note: 200,
  /** a product's sizes / colours (Shopify allows 100; a small shop's page stays readable with 50) */
  variants: 50,
  variantName: 60,
  /** menus and items one sort-menu save may name */
  sortMenus: 100,
  sortSections: 300,
  sortItems: 500,
} as const;

const money = z.number().int().min(0, 'validation.priceNegative').max(CATALOGUE_LIMITS.price);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const mediaId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const optionalImage = mediaId.nullish().transform((value) => value ?? null);

/** `POST /menus` and `PUT /menus/{id}`. */
export const menuInputSchema = z.object({
  name: plainName(1, CATALOGUE_LIMITS.name),
  description: optionalText(CATALOGUE_LIMITS.description),
  /** when it is served on the firm's wall clock; none: always */
  servingHours: servingHoursInputSchema.nullish().transform((value) => value ?? null),
});
export type MenuInputData = z.output<typeof menuInputSchema>;

/** `PUT /menu-sections/{id}`: a section's name (Hot, Cold…). */
export const menuSectionInputSchema = z.object({
  name: plainName(1, CATALOGUE_LIMITS.name),
});
/** `POST /menu-sections`: a new section, last in its menu. */
export const menuSectionCreateSchema = menuSectionInputSchema.extend({ menuId: z.string().min(1).max(64) });

export const menuOptionSchema = z.object({
  name: plainName(1, CATALOGUE_LIMITS.optionName),
  /** added to the item's price (may be negative: a smaller size), in minor units */
  priceDelta: z.number().int().min(-CATALOGUE_LIMITS.price).max(CATALOGUE_LIMITS.price),
});

/** `POST /menu-items` and `PUT /menu-items/{id}`. */
export const menuItemInputSchema = z.object({
  menuId: z.string().min(1).max(64),
  /** a section of that menu; none: the menu's first section */
  sectionId: z
    .string()
    .min(1)
    .max(64)
    .nullish()
    .transform((value) => value ?? null),
  name: plainName(1, CATALOGUE_LIMITS.name),
  description: optionalText(CATALOGUE_LIMITS.description),
  price: money,
  currency: z.enum(CURRENCIES),
  imagePath: optionalImage,
  tags: z
    .array(z.enum(MENU_TAGS, 'validation.unknownTag'))
    .max(CATALOGUE_LIMITS.tags)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  /** false: sold out today (shown, not orderable) */
  available: z.boolean().default(true),
  options: z.array(menuOptionSchema).max(CATALOGUE_LIMITS.options).default([]),
  /** the editor's "Followers only" switch: seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean().default(false),
});
export type MenuItemInputData = z.output<typeof menuItemInputSchema>;

/** `PATCH /menu-items/{id}/availability`: sold out today, or back. */
export const menuItemAvailabilitySchema = z.object({ available: z.boolean() });

const sortId = z.string().min(1).max(64);
/**
 * `PUT /sort-menu`: the firm's whole menu order, every menu with every one of its sections, each
 * with every one of its items' ids, in their new order (an item may move to another section or
 * menu, a section to another menu). A list that is not exactly the firm's menus, sections and
 * items (one was added or deleted meanwhile) is refused with 409, nothing saved.
 */
export const sortMenuInputSchema = z.object({
  menus: z
    .array(
      z.object({
        id: sortId,
        sections: z
          .array(z.object({ id: sortId, itemIds: z.array(sortId).max(CATALOGUE_LIMITS.sortItems) }))
          .max(CATALOGUE_LIMITS.sortSections),
      }),
    )
    .max(CATALOGUE_LIMITS.sortMenus),
});
export type SortMenuInput = z.infer<typeof sortMenuInputSchema>;

/** `PATCH /menus/{id}/published` and `PATCH /products/{id}/published`: shown to visitors, or kept in the workspace. */
export const publishedInputSchema = z.object({ published: z.boolean() });

export const ownerMenuItemSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  menuId: z.string(),
  sectionId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  currency: z.string(),
  tags: z.array(z.string()),
  available: z.boolean(),
  options: z.array(menuOptionSchema),
  /** seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean(),
});
export type OwnerMenuItem = z.infer<typeof ownerMenuItemSchema>;

export const ownerMenuSectionSchema = z.object({
  id: z.string(),
  /** null: the menu's unnamed section (no heading on the public page) */
  name: z.string().nullable(),
  items: z.array(ownerMenuItemSchema),
});
export type OwnerMenuSection = z.infer<typeof ownerMenuSectionSchema>;

export const ownerMenuSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** false: hidden from the public pages with its items (a new menu starts hidden: a draft) */
  published: z.boolean(),
  /** when it is served on the firm's wall clock; null: always */
  servingHours: servingHoursSchema.nullable(),
  sections: z.array(ownerMenuSectionSchema),
});
export const ownerMenusSchema = z.object({ firmUsername: z.string(), currency: z.string(), menus: z.array(ownerMenuSchema) });
export type OwnerMenus = z.infer<typeof ownerMenusSchema>;

/**
 * A product's variant (a size, a colour) in the product's save: with its `id` an existing one
 * (updated), without a new one (created with `initialStock`); one left out is deleted.
 */
export const productVariantInputSchema = z.object({
  id: z.string().min(1).max(64).nullish(),
  name: plainName(1, CATALOGUE_LIMITS.variantName),
  /** its own price (Shopify's model), in minor units */
  price: money,
  sku: optionalText(CATALOGUE_LIMITS.sku),
  /** false: unlimited (made to order) */
  trackStock: z.boolean().default(true),
  /** a new variant's stock; later changes are adjustments with a reason */
  initialStock: z.number().int().min(0).max(CATALOGUE_LIMITS.stock).default(0),
});
export type ProductVariantInput = z.output<typeof productVariantInputSchema>;

/** `POST /products` and `PUT /products/{id}`. */
export const productInputSchema = z
  .object({
    name: plainName(1, CATALOGUE_LIMITS.name),
    description: optionalText(CATALOGUE_LIMITS.description),
    price: money,
    /** the crossed-out "was" price: above the price, or null */
    compareAtPrice: money.nullish().transform((value) => value ?? null),
    currency: z.enum(CURRENCIES),
    sku: optionalText(CATALOGUE_LIMITS.sku),
    /** the first picture, then the others */
    images: z
      .array(mediaId)
      .max(CATALOGUE_LIMITS.gallery + 1)
      .default([]),
    /** false: made to order, never out of stock */
    trackStock: z.boolean().default(true),
    /** the stock at creation (later changes are adjustments with a reason); ignored on update */
    initialStock: z.number().int().min(0).max(CATALOGUE_LIMITS.stock).default(0),
    /** "low stock" at or below this many */
    lowStockAt: z.number().int().min(0).max(CATALOGUE_LIMITS.stock).default(3),
    /** none: the product has one price and one stock (its own) */
    variants: z.array(productVariantInputSchema).max(CATALOGUE_LIMITS.variants, 'validation.tooManyVariants').default([]),
    /** the editor's "Followers only" switch: seen and bought by the firm's approved followers (and team) alone */
    followersOnly: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const names = new Set<string>();
    const skus = new Set<string>(value.sku ? [value.sku.toLowerCase()] : []);
    for (const [index, variant] of value.variants.entries()) {
      const name = variant.name.toLocaleLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'name'], message: 'validation.variantNameTaken' });
      names.add(name);
      if (!variant.sku) continue;
      if (skus.has(variant.sku.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: 'validation.skuTaken' });
      skus.add(variant.sku.toLowerCase());
    }
    if (value.compareAtPrice !== null && value.compareAtPrice <= value.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'validation.compareAtBelowPrice' });
    }
    if (new Set(value.images).size !== value.images.length) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: 'validation.duplicate' });
    }
  });
export type ProductInputData = z.output<typeof productInputSchema>;

/** `POST /products/{id}/stock`: add (received, returned) or take away (damaged, lost, counted lower). */
export const stockAdjustmentSchema = z.object({
  /** which variant's stock (required when the product has variants) */
  variantId: z.string().min(1).max(64).nullish(),
  delta: z
    .number()
    .int()
    .min(-CATALOGUE_LIMITS.stock)
    .max(CATALOGUE_LIMITS.stock)
    .refine((value) => value !== 0, 'validation.zero'),
  reason: z.enum(STOCK_REASONS, 'validation.unknownReason'),
  note: optionalText(CATALOGUE_LIMITS.note),
});

export const ownerVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  sku: z.string().nullable(),
  trackStock: z.boolean(),
  stock: z.number().int(),
  sold: z.number().int(),
  available: z.number().int(),
  /** tracked and at or below the product's `lowStockAt` */
  low: z.boolean(),
});
export type OwnerVariant = z.infer<typeof ownerVariantSchema>;

export const ownerProductSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  currency: z.string(),
  sku: z.string().nullable(),
  images: z.array(z.string()),
  trackStock: z.boolean(),
  /** received in total; `available` = stock − sold */
  stock: z.number().int(),
  sold: z.number().int(),
  available: z.number().int(),
  lowStockAt: z.number().int(),
  /** tracked and at or below `lowStockAt` (with variants: one of them is) */
  low: z.boolean(),
  /** false: hidden from the public pages */
  published: z.boolean(),
  /** seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean(),
  createdAt: z.string(),
  /** in their order; empty: the product's own price and stock count */
  variants: z.array(ownerVariantSchema),
});
export type OwnerProduct = z.infer<typeof ownerProductSchema>;
export const ownerProductPageSchema = pagedSchema(ownerProductSchema);
export const ownerProductQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...pagingQuery(100, 20),
  /** only the tracked products at or below their low-stock mark */
  low: z.enum(['1']).optional(),
});

export const stockMovementSchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  availableAfter: z.number().int(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  /** the variant whose stock moved (null: the product's own) */
  variantName: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementPageSchema = pagedSchema(stockMovementSchema);
export const stockMovementQuerySchema = z.object({
  ...pagingQuery(100, 20),
  /** one variant's movements only */
  variantId: z.string().min(1).max(64).optional(),
});
