import { entityScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

let reviews = 0;

/** A fresh review of f1 by a new customer: each cell replies to its own (a review takes one reply). */
async function newReview(w: Workspace): Promise<string> {
  const author = await w.newPerson();
  reviews += 1;
  const id = `rev-authz-${reviews}`;
  await w.ctx.deps.db
    .insertInto('reviews')
    .values({
      id,
      firm_id: FIRM,
      author_id: author.userId,
      rating: 4,
      body: 'Good',
      created_at: '2026-06-01T00:00:00.000Z',
      updated_at: '2026-06-01T00:00:00.000Z',
      reply: null,
      reply_at: null,
      reply_by: null,
    })
    .execute();
  return id;
}

/** Who may reply to a review for the firm (src/server/api/authorization-matrix.test.ts): owners and managers (`content.edit`). */
export const rows: AuthzRows = {
  'PUT /api/dashboard/reviews/{id}/reply': {
    request: async (w) => ({ path: `/api/dashboard/reviews/${await newReview(w)}/reply`, body: { text: 'Thank you!' } }),
    expect: entityScoped(MANAGERS),
  },
};
