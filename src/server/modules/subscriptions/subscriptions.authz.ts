import { entityScoped, firmScoped, MANAGERS, OWNERS, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

let counter = 0;

/** A paid invoice of the team's firm, straight in the database, and the order it came from. */
async function invoiceOfFirm(workspace: Workspace) {
  counter += 1;
  const db = workspace.ctx.deps.db;
  const invoiceId = `invoice-authz-${counter}`;
  await db
    .insertInto('invoices')
    .values({
      id: invoiceId,
      firm_id: FIRM,
      number: `SOUK-20260610-AUTHZ${String(counter).padStart(3, '0')}`,
      plan_key: 'growth',
      amount_minor: 1900,
      currency: 'EUR',
      period_start: '2026-06-10T12:00:00.000Z',
      period_end: '2026-07-10T12:00:00.000Z',
      status: 'paid',
      provider: 'sandbox',
      payment_ref: null,
      issued_by: workspace.userId('owner'),
      created_at: '2026-06-10T12:00:00.000Z',
    })
    .execute();
  const orderId = `order-authz-${counter}`;
  await db
    .insertInto('plan_orders')
    .values({
      id: orderId,
      firm_id: FIRM,
      plan_key: 'growth',
      amount_minor: 1900,
      currency: 'EUR',
      requested_by: workspace.userId('owner'),
      status: 'paid',
      invoice_id: invoiceId,
      created_at: '2026-06-10T12:00:00.000Z',
      paid_at: '2026-06-10T12:00:00.000Z',
    })
    .execute();
  return { invoiceId, orderId };
}

/** Who may see and change the plan, and see invoices (src/server/api/authorization-matrix.test.ts). */
export const rows: AuthzRows = {
  'POST /api/dashboard/subscription/change': {
    // the team's firm is on premium: ordering growth opens a payment (201)
    request: () => ({ path: `/api/dashboard/subscription/change?firmId=${FIRM}`, body: { plan: 'growth' } }),
    expect: firmScoped(OWNERS, 201),
  },
  'GET /api/dashboard/subscription/orders/{orderId}': {
    request: async (workspace) => ({ path: `/api/dashboard/subscription/orders/${(await invoiceOfFirm(workspace)).orderId}` }),
    expect: entityScoped(MANAGERS),
  },
  'GET /api/dashboard/billing/invoices': {
    request: () => ({ path: `/api/dashboard/billing/invoices?firmId=${FIRM}` }),
    expect: firmScoped(OWNERS),
  },
  'GET /api/dashboard/billing/invoices/{invoiceId}/receipt': {
    request: async (workspace) => ({ path: `/api/dashboard/billing/invoices/${(await invoiceOfFirm(workspace)).invoiceId}/receipt` }),
    expect: entityScoped(OWNERS),
  },
};
