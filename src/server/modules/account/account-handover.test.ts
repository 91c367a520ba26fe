import { describe, expect, it } from 'vitest';
import { useMarketplace, insertPerson } from '../../testing/marketplace-fixtures';
import { createAccountPurge } from './account.purge';

const market = useMarketplace();

async function employ(firmId: string, userId: string, role: string, createdAt: string, active = 1) {
  await market.ctx.deps.db
    .insertInto('employments')
    .values({
      id: `emp-${firmId}-${userId}`,
      firm_id: firmId,
      user_id: userId,
      user_role: role,
      profession: null,
      active,
      created_at: createdAt,
    })
    .execute();
}
const roles = (firmId: string) =>
  market.ctx.deps.db
    .selectFrom('employments')
    .select(['user_id', 'user_role'])
    .where('firm_id', '=', firmId)
    .where('active', '=', 1)
    .orderBy('user_id')
    .execute();

/**
 * A firm whose only owner deletes their account: the oldest active manager becomes its owner; with
 * no manager the firm stays online without an owner (its page, events and orders keep working;
 * nobody can change its plan or settings until an owner is named by support). Their reviews go,
 * and the firms' ratings with them.
 */
describe('a firm whose only owner deletes their account', () => {
  it('is handed to its oldest active manager; staff are not promoted; a firm with another owner is left as it is', async () => {
    const db = market.ctx.deps.db;
    for (const id of ['olga', 'mia', 'max', 'sam', 'inactive', 'other']) await insertPerson(db, id);
    await employ('f1', 'olga', 'OWNER', '2026-01-01T00:00:00.000Z');
    await employ('f1', 'sam', 'STAFF', '2025-12-01T00:00:00.000Z');
    await employ('f1', 'inactive', 'MANAGER', '2025-11-01T00:00:00.000Z', 0);
    await employ('f1', 'max', 'MANAGER', '2026-03-01T00:00:00.000Z');
    await employ('f1', 'mia', 'MANAGER', '2026-02-01T00:00:00.000Z');
    await employ('f2', 'olga', 'OWNER', '2026-01-01T00:00:00.000Z');
    await employ('f2', 'other', 'OWNER', '2026-01-02T00:00:00.000Z');
    await employ('f2', 'mia', 'MANAGER', '2026-01-03T00:00:00.000Z');
    await createAccountPurge(market.ctx.deps).purge('olga');
    expect(await roles('f1')).toEqual([
      { user_id: 'max', user_role: 'MANAGER' },
      { user_id: 'mia', user_role: 'OWNER' },
      { user_id: 'sam', user_role: 'STAFF' },
    ]);
    expect(await roles('f2')).toEqual([
      { user_id: 'mia', user_role: 'MANAGER' },
      { user_id: 'other', user_role: 'OWNER' },
    ]);
  });

  it('without a manager stays online, without an owner; the owner’s reviews and their weight in ratings go', async () => {
    const db = market.ctx.deps.db;
    await insertPerson(db, 'solo');
    await insertPerson(db, 'clerk');
    await employ('f3', 'solo', 'OWNER', '2026-01-01T00:00:00.000Z');
    await employ('f3', 'clerk', 'STAFF', '2026-01-02T00:00:00.000Z');
    await db
      .insertInto('reviews')
      .values({
        id: 'rev-solo',
        firm_id: 'f1',
        author_id: 'solo',
        rating: 2,
        body: '',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        reply: null,
        reply_at: null,
        reply_by: null,
      })
      .execute();
    await db.updateTable('firms').set({ rating_count: 1, rating_sum: 2 }).where('id', '=', 'f1').execute();
    await createAccountPurge(market.ctx.deps).purge('solo');
    expect(await roles('f3')).toEqual([{ user_id: 'clerk', user_role: 'STAFF' }]);
    const firm = await db
      .selectFrom('firms')
      .select(['status_code', 'rating_count', 'rating_sum'])
      .where('id', '=', 'f3')
      .executeTakeFirstOrThrow();
    expect(firm.status_code).toBe(1);
    expect((await market.ctx.request('/api/public/firms/u/pages')).status).toBe(200);
    expect(await db.selectFrom('reviews').select('id').where('author_id', '=', 'solo').execute()).toEqual([]);
    expect(await db.selectFrom('firms').select(['rating_count', 'rating_sum']).where('id', '=', 'f1').executeTakeFirstOrThrow()).toEqual({
      rating_count: 0,
      rating_sum: 0,
    });
  });
});
