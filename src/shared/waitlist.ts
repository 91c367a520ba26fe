import { z } from 'zod';

/**
 * Waitlists of sold-out ticket tiers and products: a signed-in member joins with how many they want;
 * when places or stock come back the first in line whose quantity fits gets them held as an offer
 * for the event's (or the product's) offer time, then the next one.
 */
export const WAITLIST_STATUS = { waiting: 'waiting', offered: 'offered' } as const;

export const WAITLIST_QUANTITY_MAX = 10;
export const WAITLIST_OFFER_MINUTES = { min: 5, max: 7 * 24 * 60, default: 120 } as const;

export const joinWaitlistSchema = z.object({
  quantity: z.number().int().min(1).max(WAITLIST_QUANTITY_MAX),
});

const variantId = z.string().min(1).max(64);

/** Joining a product's line: a product sold by its variants is waited on by one of them. */
export const joinProductWaitlistSchema = joinWaitlistSchema.extend({ variantId: variantId.nullable().optional() });
/** Leaving a product's line (`?variantId=` for a variant's). */
export const productWaitlistQuerySchema = z.object({ variantId: variantId.optional() });

/** The member's place on one line: waiting (with their position) or holding an offer until a time. */
const place = {
  quantity: z.number().int(),
  status: z.enum([WAITLIST_STATUS.waiting, WAITLIST_STATUS.offered]),
  /** 1 for the first in line; null while an offer stands */
  position: z.number().int().nullable(),
  offeredUntil: z.string().nullable(),
};
export type WaitlistPlace = z.infer<z.ZodObject<typeof place>>;

export const myWaitlistEntrySchema = z.object({ categoryId: z.string(), ...place });
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntrySchema>;
export const myWaitlistSchema = z.object({ entries: z.array(myWaitlistEntrySchema) });
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;

/** The member's places on a product's lines: its own (`variantId` null), or its variants'. */
export const myProductWaitlistEntrySchema = z.object({ variantId: z.string().nullable(), ...place });
export type MyProductWaitlistEntry = z.infer<typeof myProductWaitlistEntrySchema>;
export const myProductWaitlistSchema = z.object({ entries: z.array(myProductWaitlistEntrySchema) });
export type MyProductWaitlist = z.infer<typeof myProductWaitlistSchema>;

/**
 * The team's view of an event's or a product's waitlists: per line (a tier, a variant, or the
 * product itself) how many wait, for how many units, and how many hold an offer.
 */
export const firmWaitlistSchema = z.object({
  offerMinutes: z.number().int(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      waiting: z.number().int(),
      waitingUnits: z.number().int(),
      offered: z.number().int(),
    }),
  ),
});
export type FirmWaitlist = z.infer<typeof firmWaitlistSchema>;

export const waitlistSettingsSchema = z.object({
  offerMinutes: z.number().int().min(WAITLIST_OFFER_MINUTES.min).max(WAITLIST_OFFER_MINUTES.max),
});
