import type { BookingStatus } from '../../../shared/bookings';

/** The bookings that hold their table: waiting for the team, confirmed, or the party at the table. */
export const LIVE_STATUSES: BookingStatus[] = ['pending', 'confirmed', 'seated'];
