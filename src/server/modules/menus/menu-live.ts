import type { AppDeps } from '../../app-deps';
import { channels } from '../../lib/realtime';
import type { MenuAvailabilityChange } from '../../../shared/menu-availability';

/**
 * A dish was taken off the menu or put back (by the kitchen or the owner): the firm's open boards
 * and every guest looking at its menu hear it, with the new state itself, so an open page shows it
 * without another read (which a browser or shared cache could answer with the old menu).
 */
export async function publishMenuAvailability(deps: Pick<AppDeps, 'realtime'>, change: MenuAvailabilityChange & { firmId: string }) {
  const data: MenuAvailabilityChange = { itemId: change.itemId, available: change.available };
  const event = { type: 'menu', data };
  await Promise.all([
    deps.realtime.publish(channels.firm(change.firmId), event),
    deps.realtime.publish(channels.menu(change.firmId), event),
  ]);
}
