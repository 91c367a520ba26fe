import { z } from 'zod';
import { BOOKING_STATUSES, serviceChoice } from './bookings';
import { plainName } from './plain-name';

/**
 * The bookings desk: a booking the team takes on the phone (a table, or a service with a staff member), its notes, and what the firm knows of
 * the guest (earlier visits, no-shows).
 */

const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullish()
    .or(z.literal(''))
    .transform((value) => value || null);

export const manualBookingInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  party: z.number().int().min(1).max(50),
  guestName: plainName(1, 80),
  guestPhone: optionalText(
    z
      .string()
      .trim()
      .max(40)
      .regex(/^\+?[0-9 ().-]{5,40}$/, { message: 'validation.phone' }),
  ),
  guestEmail: optionalText(z.email({ message: 'validation.email' }).max(200)),
  /** a service instead of a table (then the party is one), with a staff member or whoever is free */
  ...serviceChoice,
});
export type ManualBookingInput = z.input<typeof manualBookingInputSchema>;

export const bookingNoteInputSchema = z.object({ body: z.string().trim().min(1).max(1000) });

export const bookingNoteSchema = z.object({ id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.iso.datetime() });
export type BookingNote = z.infer<typeof bookingNoteSchema>;

/** The guest of a booking as the firm knows them: its other bookings by the same member, email or phone. */
export const bookingGuestSchema = z.object({
  /** bookings the party came to (seated, or confirmed and over) */
  visits: z.number().int(),
  noShows: z.number().int(),
  cancelled: z.number().int(),
  /** the latest of them, newest first */
  recent: z.array(z.object({ id: z.string(), startsAt: z.iso.datetime(), party: z.number().int(), status: z.enum(BOOKING_STATUSES) })),
  notes: z.array(bookingNoteSchema),
});
export type BookingGuest = z.infer<typeof bookingGuestSchema>;
