import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { insertPromoCode } from '../../testing/catalogue-fixtures';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';
import { promoInput } from './promo-fixtures';

let made = 0;

/** A fresh code of the firm, for a cell to deactivate. */
const freshCode = (w: Workspace) => insertPromoCode(w.ctx.deps.db, FIRM, `authz-promo-${++made}`);

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
