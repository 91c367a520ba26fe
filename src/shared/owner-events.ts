import { z } from 'zod';
import { plainName } from './plain-name';
import { imageFieldsSchema } from './image-fields';
import { pagedSchema, pagingQuery } from './paging';
import { CURRENCIES } from './workspace';

/**
 * The owner's events: the editor's shapes, the
 * statuses and visibilities with the moves allowed between them. The server checks every move
 * (src/server/modules/owner-events); the workspace offers only the allowed ones.
 */

/** Event status (`statusCode`): a draft is the team's alone; published is on sale; cancelled and ended are final. */
export const EVENT_STATUS = { DRAFT: 0, PUBLISHED: 1, CANCELLED: 2, ENDED: 3 } as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];
export const EVENT_STATUSES: readonly EventStatus[] = [0, 1, 2, 3];

/**
 * Event visibility: public events are listed (explore, the firm page, search); unlisted ones open
 * only by their link; private ones are the team's (the public page answers "not found").
 */
export const EVENT_VISIBILITY = { UNLISTED: 0, PUBLIC: 1, PRIVATE: 2 } as const;
export type EventVisibility = (typeof EVENT_VISIBILITY)[keyof typeof EVENT_VISIBILITY];
export const EVENT_VISIBILITIES: readonly EventVisibility[] = [1, 0, 2];

/** What a status move needs to know about the event. */
export interface EventState {
  statusCode: number;
  /** tickets sold (or held by an unpaid order) */
  sold: number;
  startDateTime: string;
}

/** Why a status move is refused, or undefined when it is allowed. */
export type StatusRefusal = 'same' | 'not_allowed' | 'has_sales' | 'not_started' | 'in_past';

/**
 * The status moves: draft → published (not once the start has passed); published → draft (only
 * without sales: buyers keep what they bought), → cancelled (buyers are told and refunded), →
 * ended (once it has started). Cancelled and ended are final.
 */
export function statusRefusal(event: EventState, next: number, now: Date): StatusRefusal | undefined {
  const { DRAFT, PUBLISHED, CANCELLED, ENDED } = EVENT_STATUS;
  if (event.statusCode === next) return 'same';
  const started = new Date(event.startDateTime).getTime() <= now.getTime();
  if (event.statusCode === DRAFT && next === PUBLISHED) return started ? 'in_past' : undefined;
  if (event.statusCode === PUBLISHED) {
    if (next === DRAFT) return event.sold > 0 ? 'has_sales' : undefined;
    if (next === CANCELLED) return undefined;
    if (next === ENDED) return started ? undefined : 'not_started';
  }
  return 'not_allowed';
}

/** Why a visibility change is refused: a final event, or private with buyers (they would lose its page). */
export function visibilityRefusal(event: EventState, next: number): 'closed' | 'has_sales' | undefined {
  if (event.statusCode === EVENT_STATUS.CANCELLED || event.statusCode === EVENT_STATUS.ENDED) return 'closed';
  if (next === EVENT_VISIBILITY.PRIVATE && event.sold > 0) return 'has_sales';
  return undefined;
}

/** Whether the event can still be edited (cancelled and ended events are kept as they were). */
export function isEditable(statusCode: number): boolean {
  return statusCode === EVENT_STATUS.DRAFT || statusCode === EVENT_STATUS.PUBLISHED;
}

export const EVENT_LIMITS = {
  name: 120,
  description: 5000,
  venue: 200,
  capacity: 100_000,
  /** in minor units: 1 000 000.00 */
  price: 100_000_000,
  ageLimit: 21,
  tiers: 20,
  addons: 20,
  tierName: 80,
  tierDescription: 1000,
  addonName: 80,
} as const;

/** `POST /events/create`'s optional body: the editor names the draft before it is stored, so no untitled one is left behind. */
export const newEventSchema = z.object({ name: plainName(1, EVENT_LIMITS.name) });
export type NewEvent = z.infer<typeof newEventSchema>;

const isoInstant = z.iso.datetime({ offset: true, message: 'validation.invalidFormat' });
const optionalInstant = isoInstant.nullish().transform((value) => value ?? null);
const money = z.number().int().min(0).max(EVENT_LIMITS.price);

export const ticketTierInputSchema = z.object({
  /** absent for a new category */
  id: z.string().min(1).max(64).optional(),
  name: plainName(1, EVENT_LIMITS.tierName),
  description: z
    .string()
    .trim()
    .max(EVENT_LIMITS.tierDescription)
    .nullish()
    .transform((value) => value || null),
  price: money,
  capacity: z.number().int().min(1).max(EVENT_LIMITS.capacity),
  salesStart: optionalInstant,
  salesEnd: optionalInstant,
  /** not offered to the public nor sold; absent: kept as it is */
  hidden: z.boolean().optional(),
  /** at most so many tickets in one order, or held by one buyer; null: no limit; absent: kept as it is */
  maxPerOrder: z.number().int().min(1).max(EVENT_LIMITS.capacity).nullable().optional(),
  maxPerBuyer: z.number().int().min(1).max(EVENT_LIMITS.capacity).nullable().optional(),
});

export const addonInputSchema = z.object({
  addonId: z.string().min(1).max(64).optional(),
  name: plainName(1, EVENT_LIMITS.addonName),
  price: money,
});

/** `PUT /api/dashboard/events`: the whole event as the editor holds it. */
export const eventInputSchema = z.object({
  id: z.string().min(1).max(64),
  name: plainName(1, EVENT_LIMITS.name),
  description: z.string().trim().max(EVENT_LIMITS.description).default(''),
  typeKey: z.string().trim().min(1).max(64),
  startDateTime: isoInstant,
  endDateTime: optionalInstant,
  venue: z
    .string()
    .trim()
    .max(EVENT_LIMITS.venue)
    .nullish()
    .transform((value) => value || null),
  capacity: z.number().int().min(1).max(EVENT_LIMITS.capacity),
  currency: z.enum(CURRENCIES),
  ageLimit: z.number().int().min(0).max(EVENT_LIMITS.ageLimit).default(0),
  /** a picture uploaded with `POST /events/images`, or null for none */
  imagePath: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .nullish()
    .transform((value) => value ?? null),
  ticketCategories: z.array(ticketTierInputSchema).max(EVENT_LIMITS.tiers).default([]),
  addons: z.array(addonInputSchema).max(EVENT_LIMITS.addons).default([]),
  /** the editor's "Followers only" switch: seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean().default(false),
});
export type EventInputData = z.output<typeof eventInputSchema>;

export const eventStatusInputSchema = z.object({ statusCode: z.union(EVENT_STATUSES.map((code) => z.literal(code))) });
export const eventVisibilityInputSchema = z.object({ visibility: z.union(EVENT_VISIBILITIES.map((code) => z.literal(code))) });

export const ownerTicketTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  capacity: z.number().int(),
  /** tickets sold, the held ones included (what capacity counts) */
  sold: z.number().int(),
  /** of those, held by an order waiting for its payment */
  held: z.number().int(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  hidden: z.boolean(),
  maxPerOrder: z.number().int().nullable(),
  maxPerBuyer: z.number().int().nullable(),
});

export const ownerAddonSchema = z.object({ addonId: z.string(), name: z.string(), price: z.number().int() });

const ownerEventBase = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  typeKey: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string().nullable(),
  capacity: z.number().int(),
  sold: z.number().int(),
  /** of the sold, held by orders waiting for their payment */
  held: z.number().int(),
  currency: z.string(),
  statusCode: z.number().int(),
  visibility: z.number().int(),
});

/** A row of the workspace's event list. */
export const ownerEventCardSchema = ownerEventBase;
export type OwnerEventCard = z.infer<typeof ownerEventCardSchema>;
export const ownerEventPageSchema = pagedSchema(ownerEventCardSchema);

/** The event as its editor reads it (every status). */
export const ownerEventSchema = ownerEventBase.extend({
  firmId: z.string(),
  firmUsername: z.string(),
  /** the firm's IANA time zone: the editor shows and takes times on its wall clock */
  timezone: z.string(),
  description: z.string(),
  venue: z.string().nullable(),
  ageLimit: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  ticketCategories: z.array(ownerTicketTierSchema),
  addons: z.array(ownerAddonSchema),
  /** seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean(),
});
export type OwnerEvent = z.infer<typeof ownerEventSchema>;

export const ownerEventListQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...pagingQuery(100, 20),
  /** only this status */
  status: z.coerce
    .number()
    .int()
    .refine((value) => (EVENT_STATUSES as readonly number[]).includes(value))
    .optional(),
});
