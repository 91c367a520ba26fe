import { z } from 'zod';

/**
 * Waitlists of sold-out ticket tiers: a signed-in member joins with how many tickets they want;
 * when places come back the first in line whose quantity fits gets them held as an offer for the
 * event's offer time, then the next one.
 */
export const WAITLIST_STATUS = { waiting: 'waiting', offered: 'offered' } as const;

export const WAITLIST_QUANTITY_MAX = 10;
export const WAITLIST_OFFER_MINUTES = { min: 5, max: 7 * 24 * 60, default: 120 } as const;

export const joinWaitlistSchema = z.object({
  quantity: z.number().int().min(1).max(WAITLIST_QUANTITY_MAX),
});

/** The member's place on one tier's list: waiting (with their position) or holding an offer until a time. */
export const myWaitlistEntrySchema = z.object({
  categoryId: z.string(),
  quantity: z.number().int(),
  status: z.enum([WAITLIST_STATUS.waiting, WAITLIST_STATUS.offered]),
  /** 1 for the first in line; null while an offer stands */
  position: z.number().int().nullable(),
  offeredUntil: z.string().nullable(),
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntrySchema>;
export const myWaitlistSchema = z.object({ entries: z.array(myWaitlistEntrySchema) });
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;

/** The owner's view of an event's waitlists: per tier, how many wait and how many hold an offer. */
export const firmWaitlistSchema = z.object({
  offerMinutes: z.number().int(),
  tiers: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      waiting: z.number().int(),
      waitingTickets: z.number().int(),
      offered: z.number().int(),
    }),
  ),
});
export type FirmWaitlist = z.infer<typeof firmWaitlistSchema>;

export const waitlistSettingsSchema = z.object({
  offerMinutes: z.number().int().min(WAITLIST_OFFER_MINUTES.min).max(WAITLIST_OFFER_MINUTES.max),
});
