import { z } from 'zod';
import { TILL_MAX_MINOR } from './till';

/**
 * The till's cash drawer (/api/dashboard/till/shifts): a shift opens with a float, cash goes in or
 * out of the drawer with a reason, and the shift closes with the cash counted. A firm has one open
 * shift at a time, shared by its tills; each sale carries the id of the shift its till had open, so
 * a sale queued offline joins that shift when it arrives, whenever that is. Anyone who may sell
 * opens and closes a shift; only an owner or a manager reads what it should have held.
 */

const amount = z.number().int().min(0).max(TILL_MAX_MINOR);

export const tillShiftOpenInputSchema = z.object({ floatMinor: amount });

export const TILL_CASH_MOVE_KINDS = ['in', 'out'] as const;
export const tillCashMoveInputSchema = z.object({
  kind: z.enum(TILL_CASH_MOVE_KINDS),
  amountMinor: amount.min(1),
  reason: z.string().trim().min(1).max(200),
});
export type TillCashMoveInput = z.infer<typeof tillCashMoveInputSchema>;

export const tillShiftCloseInputSchema = z.object({ countedMinor: amount });

export const tillShiftIdParamSchema = z.object({ shiftId: z.string().min(1).max(64) });

const cashMoveSchema = z.object({
  kind: z.enum(TILL_CASH_MOVE_KINDS),
  amountMinor: z.number().int(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});

export const tillShiftSchema = z.object({
  id: z.string(),
  floatMinor: z.number().int(),
  openedBy: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  moves: z.array(cashMoveSchema),
});
export type TillShift = z.infer<typeof tillShiftSchema>;

/** The firm's open shift, or none. */
export const tillShiftStateSchema = z.object({ shift: tillShiftSchema.nullable() });
export type TillShiftState = z.infer<typeof tillShiftStateSchema>;

export const tillShiftStaffSchema = z.object({
  userId: z.string(),
  name: z.string(),
  sales: z.number().int(),
  salesMinor: z.number().int(),
  /** the part of `salesMinor` taken by card */
  cardMinor: z.number().int(),
  discountsMinor: z.number().int(),
  refundsMinor: z.number().int(),
});

export const tillShiftReportSchema = z.object({
  shift: tillShiftSchema,
  closedBy: z.string().nullable(),
  currency: z.string(),
  sales: z.number().int(),
  cashSalesMinor: z.number().int(),
  /** taken by card through the payment provider: never in the drawer */
  cardSalesMinor: z.number().int(),
  cashRefundsMinor: z.number().int(),
  payInsMinor: z.number().int(),
  payOutsMinor: z.number().int(),
  discountsMinor: z.number().int(),
  /** float + cash sales − cash refunds + pay-ins − pay-outs */
  expectedMinor: z.number().int(),
  /** null while the shift is open */
  countedMinor: z.number().int().nullable(),
  /** counted − expected: negative when cash is missing */
  differenceMinor: z.number().int().nullable(),
  staff: z.array(tillShiftStaffSchema),
});
export type TillShiftReport = z.infer<typeof tillShiftReportSchema>;

/** What the drawer should hold: the float, the cash taken less the cash given back, and what was put in or taken out. */
export function expectedCash(figures: {
  floatMinor: number;
  cashSalesMinor: number;
  cashRefundsMinor: number;
  payInsMinor: number;
  payOutsMinor: number;
}): number {
  return figures.floatMinor + figures.cashSalesMinor - figures.cashRefundsMinor + figures.payInsMinor - figures.payOutsMinor;
}
