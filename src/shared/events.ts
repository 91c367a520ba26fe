import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FETCH_LIMIT } from './limits';
import { imageFieldsSchema } from './image-fields';
import { localizedNamesSchema } from './localized-names';
import { pagedSchema, pagingQuery } from './paging';

export const eventPagingSchema = z.object(pagingQuery(FETCH_LIMIT.events, DEFAULT_PAGE_SIZE.events));

/** The filter body of `POST /events`; without from/to it lists upcoming events. */
export const eventFilterSchema = z
  .object({
    type: z.string().trim().min(1).max(64).optional(),
    firmId: z.string().min(1).max(64).optional(),
    firmUsername: z.string().min(1).max(64).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    name: z.string().trim().max(100).optional(),
  })
  .default({});
export type EventFilter = z.infer<typeof eventFilterSchema>;

export const eventTypeRefSchema = z.object({ key: z.string(), names: localizedNamesSchema });

export const eventCardSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  startDateTime: z.string(),
  type: eventTypeRefSchema,
  currency: z.string(),
  ageLimit: z.number().int(),
  /** lowest ticket price in minor units, null without ticket categories */
  priceFrom: z.number().int().nullable(),
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  /** the venue's (the firm's) IANA time zone: the event's times are shown on its wall clock */
  timezone: z.string(),
  /** for the firm's approved followers (and team) alone: shown with a "Followers only" marker */
  followersOnly: z.boolean(),
});
export type EventCard = z.infer<typeof eventCardSchema>;
export const eventPageSchema = pagedSchema(eventCardSchema);

export const ticketCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  available: z.number().int(),
  /** the tier is on sale from / until then; null: from publication / until the event starts */
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  /** at most so many tickets of the tier in one order; null: no limit but the places left */
  maxPerOrder: z.number().int().nullable(),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** Where a tier stands in its sales window. */
export type TierSale = 'on_sale' | 'not_yet' | 'ended';

/** Whether a tier sells at `now`: after its sales start (if any), before its sales end (if any). */
export function tierSale(tier: { salesStart: string | null; salesEnd: string | null }, now: Date): TierSale {
  const at = now.getTime();
  if (tier.salesStart && new Date(tier.salesStart).getTime() > at) return 'not_yet';
  if (tier.salesEnd && new Date(tier.salesEnd).getTime() <= at) return 'ended';
  return 'on_sale';
}

export const addonSchema = z.object({ addonId: z.string(), name: z.string(), price: z.number().int() });

/** Where an event happens: its firm's address (the venue). */
export const venueSchema = z.object({
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const eventDetailSchema = eventCardSchema.extend({
  venue: venueSchema,
  description: z.string(),
  endDateTime: z.string().nullable(),
  capacity: z.number().int(),
  available: z.number().int(),
  statusCode: z.number().int(),
  visibility: z.number().int(),
  firmId: z.string(),
  ticketCategories: z.array(ticketCategorySchema),
  addons: z.array(addonSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
