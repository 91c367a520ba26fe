import crypto from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/**
 * The link in every mail of a booking: its id and an HMAC of it under a server secret, so the
 * link can be written again for each mail (the confirmation, the reminder) without keeping it,
 * and nobody can make one for another booking. Whoever holds the link may confirm and cancel that
 * one booking, as whoever holds the mail could.
 */
export function createBookingLinks(key: Uint8Array, publicUrl: string) {
  const sign = (bookingId: string) => crypto.createHmac('sha256', key).update(`booking-link:${bookingId}`).digest('base64url');

  const tokenOf = (bookingId: string) => `${bookingId}.${sign(bookingId)}`;

  return {
    /** the booking's page, where it is confirmed and cancelled */
    url: (bookingId: string) => `${publicUrl}/bookings/manage?token=${encodeURIComponent(tokenOf(bookingId))}`,
    tokenOf,
    /** the booking a token names, when its signature holds */
    bookingOf(token: string): string | undefined {
      const at = token.lastIndexOf('.');
      if (at < 1) return undefined;
      const id = token.slice(0, at);
      return safeEqual(token.slice(at + 1), sign(id)) ? id : undefined;
    },
  };
}
export type BookingLinks = ReturnType<typeof createBookingLinks>;
