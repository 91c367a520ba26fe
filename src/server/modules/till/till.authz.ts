import crypto from 'node:crypto';
import { firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { insertPromoCode } from '../../testing/catalogue-fixtures';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

/**
 * Who may work the till: the whole team sells (`sales.handle`); owners and managers (`till.manage`)
 * let it sell offline and read a shift's report; anyone at the till checks a customer's promo code. Someone of another firm is refused (403), as on
 * every firm-scoped route.
 */
let sales = 0;
let cardSale: Promise<string> | undefined;
let tillCode: Promise<string> | undefined;

/** A fresh open shift for each cell: not holding the firm's open key, so the cells never clash. */
async function shiftOf(w: Workspace) {
  const id = `authz-shift-${crypto.randomUUID()}`;
  await w.ctx.deps.db
    .insertInto('till_shifts')
    .values({ id, firm_id: FIRM, open_key: null, float_minor: 0, opened_by: 'user-owner', opened_at: '2026-06-01T08:00:00.000Z' })
    .execute();
  return id;
}

/** A one-croissant cash sale under its own key. */
const saleOf = (saleKey: string) => ({
  saleKey,
  lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, quantity: 1, unitPrice: 250 }],
  discount: null,
  note: '',
  currency: 'EUR',
  tenderedMinor: 250,
  soldAt: '2026-06-01T10:00:00.000Z',
  offline: false,
});

export const rows: AuthzRows = {
  'GET /api/dashboard/till': {
    request: () => ({ path: `/api/dashboard/till?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/till/sales': {
    request: () => {
      sales += 1;
      return { path: `/api/dashboard/till/sales?firmId=${FIRM}`, body: saleOf(`authz-till-sale-${sales}`) };
    },
    expect: firmScoped(TEAM, 201),
  },
  'POST /api/dashboard/till/sales/{reference}/receipt': {
    // a sale of its own for each cell: a receipt is mailed a few times an hour at most
    request: async (w) => {
      sales += 1;
      const sale = await w.as('owner', `/api/dashboard/till/sales?firmId=${FIRM}`, {
        method: 'POST',
        body: JSON.stringify(saleOf(`authz-till-receipt-${sales}`)),
      });
      const { reference } = (await sale.json()) as { reference: string };
      return { path: `/api/dashboard/till/sales/${reference}/receipt?firmId=${FIRM}`, body: { email: 'customer@example.com' } };
    },
    expect: firmScoped(TEAM, 204),
  },
  'POST /api/dashboard/till/sales/{reference}/card': {
    // one card sale, asked about by every cell: asking changes nothing while the card is not taken
    request: async (w) => {
      cardSale ??= w
        .as('owner', `/api/dashboard/till/sales?firmId=${FIRM}`, {
          method: 'POST',
          body: JSON.stringify({ ...saleOf('authz-till-card'), tenderedMinor: 0, cardMinor: 250 }),
        })
        .then(async (sale) => ((await sale.json()) as { reference: string }).reference);
      return { path: `/api/dashboard/till/sales/${await cardSale}/card?firmId=${FIRM}` };
    },
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/till/promo': {
    request: async (w) => {
      // one code, checked by every cell: a check takes no use
      tillCode ??= insertPromoCode(w.ctx.deps.db, FIRM, 'TILLTEN');
      await tillCode;
      return { path: `/api/dashboard/till/promo?firmId=${FIRM}`, body: { code: 'TILLTEN' } };
    },
    expect: firmScoped(TEAM),
  },
  'PUT /api/dashboard/till/settings': {
    request: () => ({ path: `/api/dashboard/till/settings?firmId=${FIRM}`, body: { offlineAllowed: false } }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/till/shifts/current': {
    request: () => ({ path: `/api/dashboard/till/shifts/current?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/till/shifts': {
    request: () => ({ path: `/api/dashboard/till/shifts?firmId=${FIRM}`, body: { floatMinor: 5000 } }),
    expect: firmScoped(TEAM, 201),
    // the next cell opens its own: the one open shift of the firm is closed again
    after: async (w) => {
      await w.ctx.deps.db
        .updateTable('till_shifts')
        .set({ open_key: null, closed_at: '2026-06-01T18:00:00.000Z' })
        .where('open_key', '=', FIRM)
        .execute();
    },
  },
  'POST /api/dashboard/till/shifts/{shiftId}/moves': {
    request: async (w) => ({
      path: `/api/dashboard/till/shifts/${await shiftOf(w)}/moves?firmId=${FIRM}`,
      body: { kind: 'out', amountMinor: 500, reason: 'Milk' },
    }),
    expect: firmScoped(TEAM, 201),
  },
  'POST /api/dashboard/till/shifts/{shiftId}/close': {
    request: async (w) => ({ path: `/api/dashboard/till/shifts/${await shiftOf(w)}/close?firmId=${FIRM}`, body: { countedMinor: 0 } }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/till/shifts/{shiftId}/report': {
    request: async (w) => ({ path: `/api/dashboard/till/shifts/${await shiftOf(w)}/report?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
};
