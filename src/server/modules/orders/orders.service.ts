import type { AppDeps } from '../../app-deps';
import { createCheckout } from './checkout';
import { createOrderContext, type OrderServiceOptions } from './order-context';
import { createOrderNotices } from './order-notices';
import { createOrderPayments } from './order-payments';
import { createOrderQueries } from './order-queries';

/**
 * Orders: checkout (tickets from the purchase form, or a firm's cart; checkout.ts), the seats or
 * stock a pending order holds until it is paid or its hold ends (holds.ts, hold-expiry.ts), payment
 * through the ledger (order-payments.ts), tickets issued on payment, the mails and notifications
 * that follow (order-notices.ts), the buyer's and holders' reads (order-queries.ts). Passing a
 * ticket to a friend is transfer.service.ts.
 */
export function createOrderService(deps: AppDeps, options: OrderServiceOptions = {}) {
  const ctx = createOrderContext(deps, options);
  const queries = createOrderQueries(ctx);
  const paying = createOrderPayments(ctx, queries, createOrderNotices(ctx));
  const checkout = createCheckout(ctx, paying);
  const { list, detail, wallet } = queries;
  const { pay, confirm, cancel, takeAtCounter } = paying;
  const { checkoutTickets, checkoutCart, areFriends } = checkout;
  return {
    list,
    detail,
    wallet,
    checkoutTickets,
    checkoutCart,
    pay,
    confirm,
    cancel,
    takeAtCounter,
    areFriends,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
