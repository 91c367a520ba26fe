/**
 * The live event of a dish taken off the menu or put back (`menu`, on the firm's team stream and
 * on GET /api/public/menu/live): the new state itself, so an open page needs no read. Apart from
 * the menus' zod schemas: the public menu page reads it, and zod stays out of its first load.
 */
export interface MenuAvailabilityChange {
  itemId: string;
  available: boolean;
}

export function isMenuAvailabilityChange(data: unknown): data is MenuAvailabilityChange {
  const change = data as Partial<Record<keyof MenuAvailabilityChange, unknown>> | null;
  return typeof change?.itemId === 'string' && typeof change.available === 'boolean';
}
