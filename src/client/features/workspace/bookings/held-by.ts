import type { FirmBooking } from '../../../../shared/bookings';

/** What a booking holds, as the desk names it: its table, or its service and who gives it. */
export const heldBy = (booking: FirmBooking) => booking.table?.name ?? `${booking.service?.name ?? ''} · ${booking.staff?.name ?? ''}`;

/** The desk row a booking sits in: its table's, or its staff member's. */
export const rowOf = (booking: FirmBooking) => booking.table?.id ?? booking.staff?.id;
