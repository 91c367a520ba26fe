import { firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may work the till: the whole team sells (`sales.handle`); owners and managers (`till.manage`)
 * let it sell offline. Someone of another firm is refused (403), as on every firm-scoped route.
 */
let sales = 0;

export const rows: AuthzRows = {
  'GET /api/dashboard/till': {
    request: () => ({ path: `/api/dashboard/till?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/till/sales': {
    request: () => {
      sales += 1;
      return {
        path: `/api/dashboard/till/sales?firmId=${FIRM}`,
        body: {
          saleKey: `authz-till-sale-${sales}`,
          lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, quantity: 1, unitPrice: 250 }],
          discount: null,
          note: '',
          currency: 'EUR',
          tenderedMinor: 250,
          soldAt: '2026-06-01T10:00:00.000Z',
          offline: false,
        },
      };
    },
    expect: firmScoped(TEAM, 201),
  },
  'PUT /api/dashboard/till/settings': {
    request: () => ({ path: `/api/dashboard/till/settings?firmId=${FIRM}`, body: { offlineAllowed: false } }),
    expect: firmScoped(MANAGERS),
  },
};
