import { z } from 'zod';
import { ORDER_STATUSES } from './orders';
import { BOOKING_STATUSES } from './bookings';
import { cursorPagedSchema, cursorQuery, cursorTimeSchema } from './paging';

/**
 * A firm's customers as its team sees them (workspace customers): everyone who bought, booked,
 * followed or wrote to the firm, one row per person, computed from those records
 * (docs/decisions/056-customers-computed.md). A person with an account is keyed by their user id;
 * a guest who booked without one by `email:` and the lower-cased address.
 */

export const CUSTOMER_TAG_MAX = 10;
export const CUSTOMER_NOTES_MAX = 2000;

/** A tag as the team types it: trimmed, at most 30 characters, no comma (the CSV lists them with one). */
export const customerTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[^,]+$/);

/** The list's filters; the CSV export takes the same ones. */
export const customerFilterSchema = z.object({
  firmId: z.string().min(1).max(64),
  /** a part of the name, the flip or the email */
  q: z.string().trim().max(60).optional(),
  bought: z.stringbool().optional(),
  booked: z.stringbool().optional(),
  follower: z.stringbool().optional(),
  /** follows the firm and agreed to its marketing mail */
  consents: z.stringbool().optional(),
  tag: customerTagSchema.optional(),
});
export type CustomerFilter = z.infer<typeof customerFilterSchema>;

/** A customer's key: a user id, `email:` and an address, or `booking:` and a booking's id. */
const customerKeySchema = z.string().min(1).max(400);

/**
 * Keyset pages in the list's order (docs/decisions/074-customer-summaries.md): after the last row's visit
 * ('' for none: those come last) and key. A key of the longest email fits the cursor's 800 characters.
 */
export const customerQuerySchema = customerFilterSchema.extend(
  cursorQuery(z.tuple([z.union([z.literal(''), cursorTimeSchema]), customerKeySchema]), 100, 25, 800),
);

export const customerSchema = z.object({
  key: z.string(),
  /** the account's id, or null for a guest */
  userId: z.string().nullable(),
  name: z.string(),
  flip: z.string().nullable(),
  email: z.string().nullable(),
  imagePath: z.string().nullable(),
  /** paid orders minus what was refunded, in minor units of the firm's currency */
  spentMinor: z.number().int(),
  currency: z.string(),
  orders: z.number().int(),
  tickets: z.number().int(),
  bookings: z.number().int(),
  follows: z.boolean(),
  marketingOptIn: z.boolean(),
  /** the latest paid order, booking or message */
  lastVisitAt: z.string().nullable(),
  conversationId: z.string().nullable(),
  notes: z.string(),
  tags: z.array(z.string()),
});
export type Customer = z.infer<typeof customerSchema>;
/** A keyset page, with how many customers the filters find in all. */
export const customerPageSchema = cursorPagedSchema(customerSchema).extend({ totalElements: z.number().int() });
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerKeyParamsSchema = z.object({ key: customerKeySchema });

export const customerDetailSchema = z.object({
  customer: customerSchema,
  orders: z.array(
    z.object({
      reference: z.string(),
      kind: z.string(),
      status: z.enum(ORDER_STATUSES),
      totalMinor: z.number().int(),
      refundedMinor: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
      tickets: z.number().int(),
    }),
  ),
  bookings: z.array(
    z.object({
      id: z.string(),
      startsAt: z.string(),
      party: z.number().int(),
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** What the team writes about a customer: replaces the notes and the tags at once. */
export const customerNotesInputSchema = z.object({
  notes: z.string().max(CUSTOMER_NOTES_MAX),
  tags: z
    .array(customerTagSchema)
    .max(CUSTOMER_TAG_MAX)
    .transform((tags) => [...new Set(tags)]),
});
export type CustomerNotesInput = z.input<typeof customerNotesInputSchema>;

/** The firm's tags in use, for the filter and the editor's suggestions. */
export const customerTagListSchema = z.object({ tags: z.array(z.string()) });

/** A follower's consent to a firm's marketing mail, which they give and take back. */
export const marketingConsentSchema = z.object({ optIn: z.boolean() });
