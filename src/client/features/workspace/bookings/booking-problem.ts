import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { problemMessage } from '../ui/problem-message';

/** The bookings' own refusals, said in the reader's language. */
const CODES = [
  'grid_in_use',
  'table_booked',
  'service_booked',
  'not_in_team',
  'booking_state',
  'slot_taken',
  'not_a_slot',
  'party_too_large',
];

/**
 * A failed booking write as a toast: ours for the bookings' refusals, the server's own words for a
 * closure (worded in the reader's language, with its reason), else the workspace's message.
 */
export const toastBookingProblem = (t: TFunction) => (error: unknown) =>
  toast.error(
    error instanceof ApiError && error.code === 'closed'
      ? error.message
      : error instanceof ApiError && error.code && CODES.includes(error.code)
        ? t(`problems.${error.code}`)
        : problemMessage(t, error),
  );
