import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/** A conversation of firm f1 with a customer (the matrix's signed-in stranger), made once. */
async function conversation(db: Kysely<Database>): Promise<string> {
  const id = 'conv-authz';
  await db
    .insertInto('conversations')
    .values({
      id,
      firm_id: FIRM,
      customer_id: 'user-stranger',
      created_at: '2026-06-01T00:00:00.000Z',
      last_message_at: '2026-06-01T00:00:00.000Z',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}

/**
 * Who may read and answer the firm's conversations with customers (src/server/api/authorization-matrix.test.ts):
 * the whole team (`messages.reply`, staff too); nobody else learns a conversation exists (404).
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/conversations': {
    request: () => ({ path: `/api/dashboard/conversations?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/conversations/{id}/messages': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/messages` }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/conversations/{id}/messages': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/messages`, body: { body: 'Hello' } }),
    expect: entityScoped(TEAM, 201),
  },
  'POST /api/dashboard/conversations/{id}/read': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/read` }),
    expect: entityScoped(TEAM, 204),
  },
  'PUT /api/dashboard/conversations/{id}/block': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/block`, body: { blocked: false } }),
    expect: entityScoped(TEAM),
  },
};
