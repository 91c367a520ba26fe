import { z } from 'zod';
import { orderHandoverSchema } from './fulfilment';
import { ORDER_STATUSES, orderLineSchema, orderRefundSchema } from './orders';
import { cursorIdSchema, cursorPagedSchema, cursorQuery, cursorTimeSchema } from './paging';

/**
 * The firm's side of orders (/api/dashboard/orders, /workspace/orders): the orders a firm
 * receives, tickets and shop, and the fulfilment step of a shop order (paid → ready → collected).
 *
 * What a firm sees of a buyer: the name they show on Souk (first and last name) and, for tickets,
 * each holder's name. Never an email address, phone number, date of birth or payment details.
 */
export const FULFILMENT_STEPS = ['ready', 'collected'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/**
 * Newest first, by creation time then id. Keyset pages: a large firm's thousands of orders would make
 * an offset page read and drop every order before it.
 */
export const firmOrderQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...cursorQuery(z.tuple([cursorTimeSchema, cursorIdSchema]), 50, 20),
  status: z.enum(ORDER_STATUSES).optional(),
  /** a reference or a part of one, e.g. `SK-4F7` or `4f7q` */
  q: z.string().trim().max(16).optional(),
});

export const firmOrderSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** till: sold at the firm's till (its buyer is the seller) */
  kind: z.enum(['tickets', 'shop', 'till']),
  status: z.enum(ORDER_STATUSES),
  /** shop orders: null until the firm makes it ready */
  fulfilment: z.enum(FULFILMENT_STEPS).nullable(),
  /** the event's name, or "shop" orders' first product */
  title: z.string(),
  buyerName: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** the table it was ordered from, as it was named then */
  table: z.string().nullable(),
  /** to pay at the counter: unpaid while this is true and the order pending */
  payAtCounter: z.boolean(),
});
export type FirmOrderSummary = z.infer<typeof firmOrderSummarySchema>;
export const firmOrderPageSchema = cursorPagedSchema(firmOrderSummarySchema);

export const firmOrderDetailSchema = firmOrderSummarySchema.extend({
  /** the firm's time zone: every time of the order is shown on the firm's clock */
  timezone: z.string(),
  /** each line with its id (to refund part of it) and how much of it was refunded */
  lines: z.array(
    orderLineSchema.extend({
      id: z.string(),
      refundedQty: z.number().int(),
      /** what a promo code took off the whole line: it was paid unitPrice × qty − this */
      discountMinor: z.number().int(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.string(),
      categoryName: z.string(),
      holderName: z.string(),
      status: z.enum(['reserved', 'active', 'transferred', 'void']),
    }),
  ),
  /** the latest payment attempt: its status and method only */
  payment: z
    .object({
      status: z.enum(['pending', 'failed', 'succeeded', 'canceled', 'refunded', 'partially_refunded']),
      method: z.string().nullable(),
    })
    .nullable(),
  readyAt: z.string().nullable(),
  collectedAt: z.string().nullable(),
  /** the step the firm may take now (a paid shop order), or null */
  nextStep: z.enum(FULFILMENT_STEPS).nullable(),
  refundedMinor: z.number().int(),
  refunds: z.array(orderRefundSchema),
  /** a paid order with something left to give back (its refund needs `sales.refund`) */
  canRefund: z.boolean(),
  /** goods: collected at the pickup address, or delivered to the buyer's address */
  handover: orderHandoverSchema,
  /** the promo code used and what it took off the lines; null without one */
  discount: z.object({ code: z.string(), amountMinor: z.number().int() }).nullable(),
  /** a counter payment staff took: how; null otherwise */
  counterMethod: z.enum(['cash', 'card']).nullable(),
});
export type FirmOrderDetail = z.infer<typeof firmOrderDetailSchema>;

export const fulfilmentInputSchema = z.object({ step: z.enum(FULFILMENT_STEPS) });

/** `POST /api/dashboard/orders/{reference}/counter-payment`: staff took the guest's payment at the counter, by cash or card. */
export const COUNTER_METHODS = ['cash', 'card'] as const;
export const counterPaymentSchema = z.object({ method: z.enum(COUNTER_METHODS) });
