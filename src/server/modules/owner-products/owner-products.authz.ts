import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { imageForm, insertProduct, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may read and change the firm's shop and stock (src/server/api/authorization-matrix.test.ts):
 * the whole team reads products, stock and the movement log (`catalogue.view`); owners and
 * managers (`catalogue.edit`) create, edit, adjust stock and delete.
 */
const product = { name: 'Olive oil 1 l', price: 1800, currency: 'EUR', initialStock: 3 };

export const rows: AuthzRows = {
  'GET /api/dashboard/products': {
    request: () => ({ path: `/api/dashboard/products?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/products': {
    request: async (w) => {
      await usePremium(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/products?firmId=${FIRM}`, body: product };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'POST /api/dashboard/products/images': {
    request: async () => ({ path: `/api/dashboard/products/images?firmId=${FIRM}`, body: await imageForm() }),
    expect: firmScoped(MANAGERS, 201),
  },
  'GET /api/dashboard/products/{id}': {
    request: async (w) => ({ path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(TEAM),
  },
  'PUT /api/dashboard/products/{id}': {
    // with variants: saved in the same transaction, under the same permission
    request: async (w) => ({
      path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}`,
      body: { ...product, variants: [{ name: 'S', price: 1800, initialStock: 1 }] },
    }),
    expect: entityScoped(MANAGERS),
  },
  'PATCH /api/dashboard/products/{id}/published': {
    request: async (w) => ({
      path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}/published`,
      body: { published: false },
    }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/products/{id}': {
    request: async (w) => ({ path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'POST /api/dashboard/products/{id}/stock': {
    request: async (w) => ({
      path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}/stock`,
      body: { delta: 2, reason: 'received' },
    }),
    expect: entityScoped(MANAGERS),
  },
  'GET /api/dashboard/products/{id}/movements': {
    request: async (w) => ({ path: `/api/dashboard/products/${await insertProduct(w.ctx.deps.db, FIRM)}/movements` }),
    expect: entityScoped(TEAM),
  },
};
