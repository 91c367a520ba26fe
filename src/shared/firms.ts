import { z } from 'zod';
import { FETCH_LIMIT, DEFAULT_PAGE_SIZE } from './limits';
import { imageFieldsSchema } from './image-fields';
import { pagedSchema, pagingQuery } from './paging';

/** One opening interval; `close` at or before `open` runs past midnight. Day 0 is Sunday. */
export const openingIntervalSchema = z.object({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
});
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/** Parses the stored JSON leniently: a malformed entry is dropped, never thrown. */
export function parseOpeningHours(json: string | null | undefined): OpeningInterval[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((entry) => openingIntervalSchema.safeParse(entry).success) as OpeningInterval[];
  } catch {
    return [];
  }
}

const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const firmFiltersSchema = z.object({
  ...pagingQuery(FETCH_LIMIT.firms, DEFAULT_PAGE_SIZE.firms),
  categoryKey: z.string().trim().min(1).max(64).optional(),
  industryKey: z.string().trim().min(1).max(64).optional(),
  name: z.string().trim().max(100).optional(),
  openNow: booleanParam.optional(),
  /** the visitor's age: firms whose minimum age is above it are left out */
  age: z.coerce.number().int().min(0).max(150).optional(),
});
export type FirmFilters = z.infer<typeof firmFiltersSchema>;

export const firmCardSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  username: z.string(),
  name: z.string(),
  /** first sentence-ish of the description, at most 160 characters */
  summary: z.string(),
  industryKey: z.string(),
  categoryKey: z.string(),
  city: z.string().nullable(),
  minAge: z.number().int(),
  openNow: z.boolean(),
  /** reviews: their average (one decimal; null without any) and count */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type FirmCard = z.infer<typeof firmCardSchema>;
export const firmPageSchema = pagedSchema(firmCardSchema);

/** What a firm's page and its buyers' receipts print of the business behind it (src/shared/firm-legal.ts): what the owners filled in. */
export const firmLegalLineSchema = z.object({
  legalName: z.string().nullable(),
  registrationId: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type FirmLegalLine = z.infer<typeof firmLegalLineSchema>;

export const firmDetailSchema = firmCardSchema.extend({
  description: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  addressLine: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingHours: z.array(openingIntervalSchema),
  timezone: z.string(),
  language: z.string(),
  followers: z.number().int(),
  hasMenu: z.boolean(),
  products: z.number().int(),
  upcomingEvents: z.number().int(),
  blogPosts: z.number().int(),
  /** the firm takes orders of its menu items (added to a cart, paid online) */
  takesOrders: z.boolean(),
  /** the firm has tables to book (its free slots: /api/public/bookings/slots) */
  takesBookings: z.boolean(),
  /** the business behind the page, as its owners filled it in (src/shared/firm-legal.ts); null when they have not */
  legal: firmLegalLineSchema.nullable(),
});
export type FirmDetail = z.infer<typeof firmDetailSchema>;

export const followStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int(),
  /** the caller asked to follow a firm that approves its followers, and waits for its answer */
  requested: z.boolean(),
  /** following this firm is a request its team answers */
  approvesFollowers: z.boolean(),
  /** the caller, following, agreed to the firm's marketing mail (theirs to give and take back) */
  marketingOptIn: z.boolean(),
});
export type FollowState = z.infer<typeof followStateSchema>;
