import type { AppDeps } from '../../app-deps';
import { channels } from '../../lib/realtime';

/**
 * Tells the firm's open desks and calendars that its bookings changed. The event carries no
 * booking: each screen reads again what it may see (and polls the same read while its stream is down).
 */
export async function publishBookingChange(deps: Pick<AppDeps, 'realtime'>, firmId: string): Promise<void> {
  await deps.realtime.publish(channels.firm(firmId), { type: 'bookings', data: {} });
}
