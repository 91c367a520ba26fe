import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/** The shop's pickup and delivery are part of the business profile (`firm.edit`): owners and managers. */
const settings = {
  pickup: { enabled: true, address: '', hours: '', preparationMinutes: 15 },
  delivery: { enabled: false, zone: '', postcodes: [], feeMinor: 0, minimumMinor: 0 },
};

export const rows: AuthzRows = {
  'GET /api/dashboard/fulfilment': {
    request: () => ({ path: `/api/dashboard/fulfilment?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'PUT /api/dashboard/fulfilment': {
    request: () => ({ path: `/api/dashboard/fulfilment?firmId=${FIRM}`, body: settings }),
    expect: firmScoped(MANAGERS),
  },
};
