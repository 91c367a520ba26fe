import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { TILL_DISCOUNT_LIMIT_PERCENT } from '../../../../shared/till';

const KNOWN = [
  'item_unavailable',
  'price_changed',
  'out_of_stock',
  'discount_over_limit',
  'not_enough_cash',
  'till_item_unknown',
  'card_offline',
  'card_over_total',
  'card_unavailable',
  'sold_out',
  'tier_limit',
  'tier_not_on_sale',
  'event_closed',
  'till_one_event',
  'tickets_offline',
  'promo_offline',
  'promo_with_discount',
];

/** What the till says when the server refuses a sale, in the till's language. */
export function tillProblem(error: unknown, t: TFunction<'workspace-till'>): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code && KNOWN.includes(code)) return t(`problem.${code}`, { limit: TILL_DISCOUNT_LIMIT_PERCENT });
  // a code's refusals are worded by the server in the till's language (as at checkout)
  if (error instanceof ApiError && code?.startsWith('promo_')) return error.message;
  return t('problem.other');
}
