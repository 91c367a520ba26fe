import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { plainName } from './plain-name';

/**
 * Table bookings: what a firm offers (its tables and rules), the free starts of a day, a member's
 * booking and the firm's list. Instants are ISO 8601 in UTC; the firm's zone (`timeZone`) says
 * how to print them, whatever the zone of the device that reads them.
 */

/** pending: waits for the team (a firm that confirms by hand); seated: the party came; no_show: it never came */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'seated', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The grid steps a firm may choose: each divides an hour, so every hour starts on the grid. */
export const SLOT_STEPS = [15, 30, 60] as const;

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

export const bookingRulesSchema = z.object({
  slotMinutes: z.union(SLOT_STEPS.map((step) => z.literal(step))),
  /** how long a party keeps its table */
  turnMinutes: minutes(15, 8 * 60),
  /** how many days ahead a table can be booked */
  aheadDays: z.number().int().min(1).max(365),
  /** the latest a booking may be made before its start */
  noticeMinutes: minutes(0, 7 * 24 * 60),
  largestParty: z.number().int().min(1).max(50),
  /** new bookings wait for the team's confirmation */
  confirmManually: z.boolean(),
  /** a booking can be cancelled by its link until this many hours before it starts */
  cancelHours: z
    .number()
    .int()
    .min(0)
    .max(14 * 24),
  /** the reminder mail goes this many hours before the start; null: no reminder */
  reminderHours: z
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .nullable(),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

export const bookingTableSchema = z.object({ id: z.string(), name: z.string(), seats: z.number().int() });
export type BookingTable = z.infer<typeof bookingTableSchema>;
export const bookingTableInputSchema = z.object({ name: plainName(1, 40), seats: z.number().int().min(1).max(50) });
export type BookingTableInput = z.infer<typeof bookingTableInputSchema>;

/** A service's length and buffers are on five minutes: a staff member's time is held in five-minute steps. */
const fiveMinutes = (min: number, max: number) => minutes(min, max).multipleOf(5, { message: 'validation.fiveMinutes' });

const money = z.number().int().min(0).max(100_000_000);

/** A service booked with one staff member of the team: its length, price (null: free), deposit and buffers. */
const serviceFields = z.object({
  name: plainName(1, 60),
  durationMinutes: fiveMinutes(5, 8 * 60),
  priceMinor: money.nullable(),
  /** the part of the price paid when booking (the rest at the firm); null: the whole price is paid when booking */
  depositMinor: money.min(1).nullable().default(null),
  /** the staff member's time kept free before and after, for getting ready and clearing up */
  bufferBefore: fiveMinutes(0, 120),
  bufferAfter: fiveMinutes(0, 120),
  /** the employments of the team members who give it */
  staffIds: z.array(z.string().min(1).max(64)).min(1).max(50),
});
/** A deposit is a part of a price: none on a free service, never more than the price. */
export const bookingServiceInputSchema = serviceFields.refine(
  (service) => service.depositMinor === null || (service.priceMinor !== null && service.depositMinor < service.priceMinor),
  { message: 'validation.deposit', path: ['depositMinor'] },
);
export type BookingServiceInput = z.infer<typeof bookingServiceInputSchema>;

/** What booking a service takes through the payment provider: its deposit, else its price; 0: nothing. */
export const amountDueAtBooking = (service: { priceMinor: number | null; depositMinor: number | null }) =>
  service.depositMinor ?? service.priceMinor ?? 0;

const staffMemberSchema = z.object({ id: z.string(), name: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const bookingServiceSchema = serviceFields.omit({ staffIds: true }).extend({
  id: z.string(),
  name: z.string(),
  staff: z.array(staffMemberSchema),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

/** What the workspace sets up: the tables, the services, the team who may give them and the rules (the defaults until the firm saves its own). */
export const bookingSetupSchema = z.object({
  tables: z.array(bookingTableSchema),
  services: z.array(bookingServiceSchema),
  team: z.array(staffMemberSchema),
  currency: z.string(),
  rules: bookingRulesSchema,
});
export type BookingSetup = z.infer<typeof bookingSetupSchema>;

const localDate = z.iso.date();

/** A service and, optionally, the staff member who is to give it (none: whoever of its staff is free). */
export const serviceChoice = {
  serviceId: z.string().min(1).max(64).optional(),
  staffId: z.string().min(1).max(64).optional(),
};

export const freeSlotsQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  /** the day in the firm's time zone */
  date: localDate,
  /** a table's party; a service is for one */
  party: z.coerce.number().int().min(1).max(50),
  ...serviceChoice,
});

/** What a firm's booking page offers besides tables: its services, their prices in the firm's currency and who gives them. */
export const publicServicesSchema = z.object({ currency: z.string(), hasTables: z.boolean(), services: z.array(bookingServiceSchema) });
export type PublicServices = z.infer<typeof publicServicesSchema>;

/** A closure as the booking page shows it: when, and the reason only when the firm made it public. */
export const publicClosureSchema = z.object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime(), reason: z.string().nullable() });
export type PublicClosure = z.infer<typeof publicClosureSchema>;

export const freeSlotsSchema = z.object({
  timeZone: z.string(),
  date: z.string(),
  party: z.number().int(),
  largestParty: z.number().int(),
  aheadDays: z.number().int(),
  slots: z.array(z.iso.datetime()),
  /** the firm's closures that touch the day */
  closures: z.array(publicClosureSchema),
});
export type FreeSlots = z.infer<typeof freeSlotsSchema>;

export const bookingInputSchema = z.object({
  firmId: z.string().min(1).max(64),
  startsAt: z.iso.datetime({ offset: true }),
  party: z.number().int().min(1).max(50),
  ...serviceChoice,
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** A wall-clock time of the firm's zone, to the minute (`2026-12-24T00:00`). */
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/**
 * A closure the team sets on top of the opening hours, in the firm's wall clock: whole days are
 * from the first day's midnight to the midnight after the last.
 */
/** The longest reason a closure gives ("Private event", "Staff training"). */
export const CLOSURE_REASON_MAX = 120;

export const closureInputSchema = z
  .object({
    from: wallTime,
    to: wallTime,
    reason: plainName(1, CLOSURE_REASON_MAX).nullable(),
    /** the booking page shows the reason ("Private event"), else only that the firm is closed */
    reasonPublic: z.boolean(),
  })
  .refine(({ from, to }) => to > from, { message: 'validation.range', path: ['to'] });
export type ClosureInput = z.infer<typeof closureInputSchema>;

export const closureSchema = z.object({
  id: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  reason: z.string().nullable(),
  reasonPublic: z.boolean(),
});
export type Closure = z.infer<typeof closureSchema>;
export const closuresSchema = z.array(closureSchema);

/** Moves a booking to another free start (its party and firm stay). */
export const moveInputSchema = z.object({ startsAt: z.iso.datetime({ offset: true }) });

/** A visitor without an account books with a name and an email, and confirms by the mailed link. */
export const guestBookingInputSchema = bookingInputSchema.extend({
  name: plainName(1, 80),
  email: z.email().max(254),
  language: z.enum(LANGUAGES),
});
export type GuestBookingInput = z.infer<typeof guestBookingInputSchema>;

/** How long a visitor's booking holds its table before the mailed link confirms it, and a paid booking its time before it is paid. */
export const GUEST_HOLD_MINUTES = 30;

/** The signed link of a booking's mails (its id and an HMAC of it). */
export const bookingTokenSchema = z.object({ token: z.string().min(10).max(200) });
export const moveByLinkInputSchema = bookingTokenSchema.extend(moveInputSchema.shape);

/** A service booking's service and staff member (null for a table's booking). */
const bookedServiceSchema = z.object({ id: z.string(), name: z.string(), staffId: z.string(), staffName: z.string() }).nullable();

/** What free starts are asked for: a table for a party, or a service with a staff member or anyone. */
export interface SlotChoice {
  party: number;
  serviceId?: string;
  staffId?: string;
}

/** The choice a booking is moved within: its party, or its service with its staff member. */
export const slotChoiceOf = (booking: { party: number; service: { id: string; staffId: string } | null }): SlotChoice =>
  booking.service ? { party: 1, serviceId: booking.service.id, staffId: booking.service.staffId } : { party: booking.party };

/**
 * A paid service's booking's payment: what it takes, where it stands, and while it is due the
 * provider's payment step (null when the step could not be opened: asking again opens it).
 * due: the booking holds its time until `confirmBy`, then lapses unpaid.
 */
export const bookingPaymentSchema = z
  .object({
    amountMinor: z.number().int(),
    currency: z.string(),
    state: z.enum(['due', 'paid', 'refunded', 'lapsed']),
    payUrl: z.string().nullable(),
  })
  .nullable();
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** A booking as its link shows it: what it is, and what its holder may still do. */
export const managedBookingSchema = z.object({
  reference: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  party: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** set while a visitor's booking waits for the mailed link: it lapses then */
  confirmBy: z.iso.datetime().nullable(),
  /** the last instant it can be cancelled or moved by the link (the firm's deadline) */
  cancelUntil: z.iso.datetime(),
  guestName: z.string(),
  service: bookedServiceSchema,
  payment: bookingPaymentSchema,
  firm: z.object({ id: z.string(), username: z.string(), name: z.string(), timeZone: z.string() }),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** A booking as the person who made it sees it. */
export const myBookingSchema = z.object({
  id: z.string(),
  /** short, for saying on the phone or at the door */
  reference: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  party: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** the last instant the member can move it (the firm's deadline) */
  changeUntil: z.iso.datetime(),
  service: bookedServiceSchema,
  payment: bookingPaymentSchema,
  firm: z.object({ id: z.string(), username: z.string(), name: z.string(), timeZone: z.string() }),
});
export type MyBooking = z.infer<typeof myBookingSchema>;
export const myBookingsSchema = z.array(myBookingSchema);

/** A booking as the firm's team sees it. */
export const firmBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  party: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  guestName: z.string(),
  guestEmail: z.string(),
  guestPhone: z.string().nullable(),
  /** what it holds: a table, or a staff member's time for a service */
  table: z.object({ id: z.string(), name: z.string() }).nullable(),
  service: z.object({ id: z.string(), name: z.string() }).nullable(),
  staff: staffMemberSchema.nullable(),
});
export type FirmBooking = z.infer<typeof firmBookingSchema>;

export const firmBookingsSchema = z.object({ timeZone: z.string(), bookings: z.array(firmBookingSchema) });
export type FirmBookings = z.infer<typeof firmBookingsSchema>;

/** The firm's bookings starting in [from, to): at most 62 days, a day or week view and some. */
export const firmBookingsQuerySchema = z
  .object({ firmId: z.string().min(1).max(64), from: z.iso.datetime(), to: z.iso.datetime() })
  .refine(({ from, to }) => Date.parse(to) > Date.parse(from) && Date.parse(to) - Date.parse(from) <= 62 * 86_400_000, {
    message: 'validation.range',
    path: ['to'],
  });

/** What the team does to a booking. */
export const BOOKING_ACTIONS = ['confirm', 'seat', 'cancel', 'no-show'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];
export const bookingActionParamSchema = z.object({ id: z.string().min(1).max(64), action: z.enum(BOOKING_ACTIONS) });
export const bookingStateSchema = z.object({ id: z.string(), status: z.enum(BOOKING_STATUSES) });

/** A booking's reference: the first eight hex digits of its random id, enough to tell a day's bookings apart. */
export const bookingReference = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** The refusal codes of a booking (409), each with `nextSlots` when later starts that day are free. */
export const BOOKING_REFUSALS = ['slot_taken', 'not_a_slot', 'party_too_large', 'closed', 'no_such_service'] as const;
