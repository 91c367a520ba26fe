import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { paymentsOf } from '../../lib/payments';
import { createWaitlistOffers } from '../waitlist/offers';
import { createHoldExpiry } from './hold-expiry';

/** What every part of the orders module shares: the app's deps, its clock, the ledger and the hold rules. */

export interface OrderServiceOptions {
  /** false only in the concurrency harness: see holds.ts */
  capacityGuard?: boolean;
}

export type OrderRow = Selectable<Database['orders']>;

export const problem = (status: number, code: string, detail: string, errors?: Record<string, string[]>) =>
  new HttpError(status, detail, code, errors);

export const hashOf = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');

export function createOrderContext(deps: AppDeps, options: OrderServiceOptions) {
  const { db, clock, env } = deps;
  const now = () => clock().toISOString();
  return {
    deps,
    db,
    clock,
    now,
    payments: paymentsOf(deps),
    holdOptions: { capacityGuard: options.capacityGuard !== false, now },
    holdUntil: () => new Date(clock().getTime() + env.ORDER_HOLD_SECONDS * 1000).toISOString(),
    waitlist: createWaitlistOffers(deps),
    ...createHoldExpiry(deps),
  };
}

export type OrderContext = ReturnType<typeof createOrderContext>;
