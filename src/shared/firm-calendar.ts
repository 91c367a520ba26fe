import { z } from 'zod';
import { BOOKING_STATUSES, closureSchema } from './bookings';
import { openingIntervalSchema } from './firms';

/**
 * The firm's calendar in the workspace: its events and bookings in a range of instants, with its
 * opening hours and zone to lay them out by the firm's wall clock; and its private subscription feed.
 */

/** The longest range one read may ask for: a month view's six weeks and the zone margins either side. */
const CALENDAR_RANGE_DAYS = 45;

export const firmCalendarQuerySchema = z
  .object({ firmId: z.string().min(1).max(64), from: z.iso.datetime(), to: z.iso.datetime() })
  .refine(({ from, to }) => Date.parse(to) > Date.parse(from) && Date.parse(to) - Date.parse(from) <= CALENDAR_RANGE_DAYS * 86_400_000, {
    message: 'validation.range',
    path: ['to'],
  });

const calendarEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.iso.datetime(),
  /** events without an end are shown as two hours long */
  endsAt: z.iso.datetime(),
  cancelled: z.boolean(),
});

const calendarBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  party: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  guestName: z.string(),
  tableName: z.string(),
});

export const firmCalendarSchema = z.object({
  timeZone: z.string(),
  openingHours: z.array(openingIntervalSchema),
  events: z.array(calendarEventSchema),
  bookings: z.array(calendarBookingSchema),
  /** the closures that overlap the range: no booking is taken in them */
  closures: z.array(closureSchema),
});
export type FirmCalendar = z.infer<typeof firmCalendarSchema>;

/** The feed's subscription URL, or null before the first one is made. */
export const calendarFeedSchema = z.object({ url: z.url().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** 32 random bytes, base64url, then `.ics` so calendar apps and browsers know the file. */
export const feedFileParamSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });
