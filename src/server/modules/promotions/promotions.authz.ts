import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';
import { promoInput } from './promo-fixtures';

let made = 0;

/** A fresh code of the firm, for a cell to deactivate. */
async function freshCode(w: Workspace) {
  const id = `authz-promo-${++made}`;
  await w.ctx.deps.db
    .insertInto('promo_codes')
    .values({
      id,
      firm_id: FIRM,
      code: id,
      code_key: id.toUpperCase(),
      kind: 'percent',
      value: 10,
      currency: 'EUR',
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      once_per_customer: 0,
      min_order_minor: 0,
      created_by: null,
      created_at: '2026-06-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

/** Who may see and manage the firm's promo codes (`promotions.manage`): owners and managers. */
export const rows: AuthzRows = {
  'GET /api/dashboard/promotions': {
    request: () => ({ path: `/api/dashboard/promotions?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/promotions/targets': {
    request: () => ({ path: `/api/dashboard/promotions/targets?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'POST /api/dashboard/promotions': {
    request: (_w, actor) => ({
      path: `/api/dashboard/promotions?firmId=${FIRM}`,
      body: promoInput({ code: `AUTHZ-${actor}`, value: 10 }),
    }),
    expect: firmScoped(MANAGERS, 201),
  },
  'POST /api/dashboard/promotions/{codeId}/deactivate': {
    request: async (w) => ({ path: `/api/dashboard/promotions/${await freshCode(w)}/deactivate?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
};
