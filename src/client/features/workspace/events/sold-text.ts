import type { TFunction } from 'i18next';

/**
 * "12 / 50 tickets sold · 3 held, awaiting payment": the places paid for apart from those an unpaid
 * order holds for a while (they come back if it is not paid), so the owner never counts a hold as a sale.
 */
export function soldText(t: TFunction<'workspace-content'>, sold: number, held: number, capacity: number) {
  const paid = t('events.soldOf', { sold: sold - held, capacity });
  return held > 0 ? `${paid} · ${t('events.held', { count: held })}` : paid;
}
