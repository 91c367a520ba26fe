import type { PromoCodeInput } from '../../../shared/promotions';

/** A code's input for tests: 20 % off everything of the firm, at any time, for everyone, unless `input` says otherwise. */
export const promoInput = (input: Partial<PromoCodeInput> & { code: string }): PromoCodeInput => ({
  kind: 'percent',
  value: 20,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: false,
  minOrderMinor: 0,
  targets: { events: [], tiers: [], products: [] },
  forFollowers: false,
  ...input,
});
