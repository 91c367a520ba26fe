import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { imageForm, insertEvent, insertTier, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may read and change the firm's events (src/server/api/authorization-matrix.test.ts): the
 * whole team reads them; owners and managers (`content.edit`) create, edit, publish and delete.
 * Each changing cell acts on an event of its own.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/events': {
    request: () => ({ path: `/api/dashboard/events?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/events/sid/{shortId}': {
    request: () => ({ path: '/api/dashboard/events/sid/evte1xx' }),
    expect: entityScoped(TEAM),
  },
  'GET /api/dashboard/events/{id}': {
    request: () => ({ path: '/api/dashboard/events/e1' }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/events/create': {
    request: async (w) => {
      await usePremium(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/events/create?firmId=${FIRM}` };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'POST /api/dashboard/events/images': {
    request: async () => ({ path: `/api/dashboard/events/images?firmId=${FIRM}`, body: await imageForm() }),
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/events': {
    request: async (w) => {
      const { id } = await insertEvent(w.ctx.deps.db, FIRM);
      return {
        path: '/api/dashboard/events',
        body: {
          id,
          name: 'Jazz night',
          description: 'Trio',
          typeKey: 'concert',
          startDateTime: '2026-09-01T19:00:00.000Z',
          capacity: 80,
          currency: 'EUR',
          ticketCategories: [{ name: 'Standard', price: 1200, capacity: 80 }],
          addons: [{ name: 'Poster', price: 500 }],
        },
      };
    },
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/events/{id}': {
    request: async (w) => ({ path: `/api/dashboard/events/${(await insertEvent(w.ctx.deps.db, FIRM)).id}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'PATCH /api/dashboard/events/{id}/status': {
    request: async (w) => ({
      path: `/api/dashboard/events/${(await insertEvent(w.ctx.deps.db, FIRM)).id}/status`,
      body: { statusCode: 1 },
    }),
    expect: entityScoped(MANAGERS),
  },
  'PATCH /api/dashboard/events/{id}/visibility': {
    request: async (w) => ({
      path: `/api/dashboard/events/${(await insertEvent(w.ctx.deps.db, FIRM)).id}/visibility`,
      body: { visibility: 0 },
    }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/ticket-tiers/{id}': {
    request: async (w) => {
      const { id } = await insertEvent(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/ticket-tiers/${await insertTier(w.ctx.deps.db, id)}` };
    },
    expect: entityScoped(MANAGERS),
  },
};
