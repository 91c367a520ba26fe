import { z } from 'zod';
import { firmLegalLineSchema } from './firms';
import { orderHandoverSchema } from './fulfilment';
import { KITCHEN_STATUSES } from './kitchen';
import { pagedSchema } from './paging';
import { personSchema } from './people';

/** An order's statuses, in the words the profile shows. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'cancelled', 'refunded', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TICKET_STATUSES = ['reserved', 'active', 'transferred', 'void'] as const;

/** A ticket as its holder or its buyer sees it (the code and QR: server/modules/orders/ticket-views.ts). */
export const ticketSchema = z.object({
  id: z.string(),
  orderReference: z.string(),
  status: z.enum(TICKET_STATUSES),
  categoryName: z.string(),
  event: z.object({
    id: z.string(),
    shortId: z.string(),
    name: z.string(),
    startDateTime: z.string(),
    endDateTime: z.string().nullable(),
    firmName: z.string(),
    firmUsername: z.string(),
    timezone: z.string(),
    address: z.string().nullable(),
  }),
  holder: personSchema,
  /** who bought it (the holder or a friend) */
  buyerName: z.string(),
  /** the unguessable code and its QR code (an SVG document), for its holder and the buyer of the ticket as issued; else null */
  code: z.string().nullable(),
  qrSvg: z.string().nullable(),
  /** the holder may pass it to a friend (active, before the event) */
  canTransfer: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const orderLineSchema = z.object({
  kind: z.enum(['ticket', 'addon', 'product', 'menu_item']),
  label: z.string(),
  qty: z.number().int(),
  unitPrice: z.number().int(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  /** the short human reference (tracking identifier), e.g. SK-4F7Q2M */
  reference: z.string(),
  kind: z.enum(['tickets', 'shop']),
  status: z.enum(ORDER_STATUSES),
  /** the event's name, or the firm's for a shop order */
  title: z.string(),
  firmName: z.string(),
  firmUsername: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  /** until when a pending order holds its seats or stock */
  holdExpiresAt: z.string().nullable(),
  /** a paid shop order the firm made ready to collect, or handed over (src/shared/firm-orders.ts) */
  fulfilment: z.enum(['ready', 'collected']).nullable(),
  /** the table it was ordered from ("Table 7"), as it was named then */
  table: z.string().nullable(),
  /** the guest pays at the counter: unpaid until staff take it, yet cooked at once */
  payAtCounter: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderPageSchema = pagedSchema(orderSummarySchema);

/** A refund the firm made: when, why, what went back and how much. */
export const orderRefundSchema = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  reason: z.string(),
  items: z.array(z.object({ label: z.string(), qty: z.number().int() })),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  /** the buyer sees the whole order; a friend holding one of its tickets sees their tickets only (no lines, no total) */
  role: z.enum(['buyer', 'holder']),
  buyerName: z.string(),
  lines: z.array(orderLineSchema),
  tickets: z.array(ticketSchema),
  eventShortId: z.string().nullable(),
  /** the latest payment attempt */
  payment: z
    .object({
      status: z.enum(['pending', 'failed', 'succeeded', 'canceled', 'refunded', 'partially_refunded']),
      method: z.string().nullable(),
      failureCode: z.string().nullable(),
    })
    .nullable(),
  /** pending with its hold still valid: the buyer may (re)try paying, or cancel */
  canPay: z.boolean(),
  canCancel: z.boolean(),
  /** what the firm gave back so far, and each refund (the buyer's view; empty for a holder) */
  refundedMinor: z.number().int(),
  refunds: z.array(orderRefundSchema),
  /** a paid order with dishes: where the kitchen has it (src/shared/kitchen.ts); else null */
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  /** what it holds, for the words that confirm it (src/shared/order-wording.ts) */
  contents: z.enum(['tickets', 'shop', 'mixed']),
  /** goods: collected where and from when, or delivered where (the buyer's view; null for a holder) */
  handover: orderHandoverSchema,
  /** the promo code used and what it took off the lines (the buyer's view; null without one, or for a holder) */
  discount: z.object({ code: z.string(), amountMinor: z.number().int() }).nullable(),
  /** the business that sold it, for the receipt (the buyer's view; null for a holder or when the firm filled none in) */
  seller: firmLegalLineSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const REFUND_REASON_MAX = 500;

/**
 * `POST /api/dashboard/orders/{reference}/refunds`: the whole order (`whole`), or some of its
 * tickets (by id) and line quantities (by line id), with the reason the buyer is told.
 */
export const refundInputSchema = z
  .object({
    reason: z.string().trim().min(1).max(REFUND_REASON_MAX),
    whole: z.boolean().default(false),
    ticketIds: z.array(z.string().min(1).max(64)).max(100).default([]),
    lines: z
      .array(z.object({ lineId: z.string().min(1).max(64), qty: z.number().int().min(1).max(10_000) }))
      .max(100)
      .default([]),
  })
  .refine((input) => input.whole || input.ticketIds.length > 0 || input.lines.length > 0, {
    message: 'Choose what to refund.',
    path: ['ticketIds'],
  });
export type RefundInput = z.infer<typeof refundInputSchema>;

/** What checkout answers: the order and where to pay it (null when nothing is to pay). */
export const checkoutAnswerSchema = z.object({
  order: orderSummarySchema,
  redirectUrl: z.string().nullable(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** The ticket wallet: the tickets the user holds, upcoming first. */
export const walletSchema = z.object({ tickets: z.array(ticketSchema) });
export type Wallet = z.infer<typeof walletSchema>;

export const transferSchema = z.object({ toUserId: z.string().trim().min(1).max(64) });

export const ORDER_REFERENCE_PATTERN = /^SK-[0-9A-HJKMNP-TV-Z]{6}$/;
export const orderReferenceSchema = z.string().regex(ORDER_REFERENCE_PATTERN);
