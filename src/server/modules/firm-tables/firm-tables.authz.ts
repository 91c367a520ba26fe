import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may see and change the firm's tables: the whole team reads them (`sales.handle`, staff print
 * the codes too); owners and managers (`firm.edit`) add and remove them. Each cell acts on a
 * table of its own. Whether guests may pay at the counter is set by owners and managers too.
 */
let made = 0;
async function insertTable(db: Kysely<Database>): Promise<string> {
  made += 1;
  const id = `authz-table-${made}`;
  await db
    .insertInto('firm_tables')
    .values({
      id,
      firm_id: FIRM,
      label: `Authz ${made}`,
      token: `authz-token-${String(made).padStart(10, '0')}`,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

export const rows: AuthzRows = {
  'GET /api/dashboard/tables': {
    request: () => ({ path: `/api/dashboard/tables?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/tables': {
    request: (_w, actor) => {
      made += 1;
      return { path: `/api/dashboard/tables?firmId=${FIRM}`, body: { label: `Table ${actor} ${made}` } };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/tables/counter-payment': {
    request: () => ({ path: `/api/dashboard/tables/counter-payment?firmId=${FIRM}`, body: { allowed: false } }),
    expect: firmScoped(MANAGERS),
  },
  'DELETE /api/dashboard/tables/{id}': {
    request: async (w) => ({ path: `/api/dashboard/tables/${await insertTable(w.ctx.deps.db)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
};
