import type { BookingStatus } from '../../../shared/bookings';

/** The bookings that hold their table: waiting for the team or confirmed. */
export const LIVE_STATUSES: BookingStatus[] = ['pending', 'confirmed'];
