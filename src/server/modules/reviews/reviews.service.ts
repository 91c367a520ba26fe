import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { FirmReviews, Review } from '../../../shared/reviews';
import { ratingAverage, REVIEW_PAGE_SIZE } from '../../../shared/review-limits';
import { can, isRole } from '../../../shared/permissions';
import { HttpError, notFound } from '../../lib/errors';
import { activeStaff, activeStaffIds } from '../../lib/firm-staff';
import { randomId } from '../../lib/ids';

const ACTIVE = 1;

/**
 * Reviews of firms. One per (firm, author) (a unique index), written in a transaction that first
 * locks the firm's row on PostgreSQL, so concurrent writes for one firm take turns and its stored
 * count and sum of ratings (firms.rating_count, rating_sum) always equal its reviews.
 */
export function createReviewService({ db, clock, dialect }: Pick<AppDeps, 'db' | 'clock' | 'dialect'>) {
  function reviewQuery() {
    return db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.author_id')
      .select([
        'r.id',
        'r.rating',
        'r.body',
        'r.created_at',
        'r.updated_at',
        'r.reply',
        'r.reply_at',
        'u.first_name',
        'u.last_name',
        'u.flip',
        'u.image_path',
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;
  const toReview = (row: Row): Review => ({
    id: row.id,
    rating: row.rating,
    text: row.body,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    author: { name: `${row.first_name} ${row.last_name}`.trim(), flip: row.flip, imagePath: row.image_path },
    reply: row.reply && row.reply_at ? { text: row.reply, at: row.reply_at } : null,
  });

  async function activeFirm(firmId: string) {
    const firm = await db
      .selectFrom('firms')
      .select(['id', 'name', 'username', 'rating_count', 'rating_sum'])
      .where('id', '=', firmId)
      .where('status_code', '=', ACTIVE)
      .executeTakeFirst();
    if (!firm) throw notFound('Business not found.');
    return firm;
  }

  /** A real relation: a paid order of the firm, or a ticket (active or used) to one of its events. */
  async function mayReview(userId: string, firmId: string): Promise<boolean> {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('buyer_id', '=', userId)
      .where('firm_id', '=', firmId)
      .where('paid_at', 'is not', null)
      .where('status', 'in', ['paid', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    if (order) return true;
    const ticket = await db
      .selectFrom('tickets as t')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .select('t.id')
      .where('t.holder_id', '=', userId)
      .where('e.firm_id', '=', firmId)
      .where('t.status', '=', 'active')
      .limit(1)
      .executeTakeFirst();
    return Boolean(ticket);
  }

  /** Owners and managers reply for the firm (the matrix's `content.edit`: what the firm says in public). */
  async function mayReply(userId: string, firmId: string): Promise<boolean> {
    const employment = await activeStaff(db, firmId).select('user_role').where('user_id', '=', userId).executeTakeFirst();
    return Boolean(employment && isRole(employment.user_role) && can(employment.user_role, 'content.edit'));
  }

  return {
    mayReply,

    /** Who hears of a new review: the staff who may answer it. */
    replyTeam: (firmId: string) => activeStaffIds(db, firmId, 'content.edit'),

    /** A page of the firm's reviews (the latest first), its average and count, and what the caller may do. */
    async list(firmId: string, page: number, viewerId: string | undefined): Promise<FirmReviews> {
      const firm = await activeFirm(firmId);
      const size = REVIEW_PAGE_SIZE;
      const rows = await reviewQuery()
        .where('r.firm_id', '=', firmId)
        // an admin hid it: off the public list (its author still sees their own below)
        .where('r.hidden_at', 'is', null)
        .orderBy('r.updated_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute();
      const mine = viewerId
        ? await reviewQuery().where('r.firm_id', '=', firmId).where('r.author_id', '=', viewerId).executeTakeFirst()
        : undefined;
      const total = firm.rating_count;
      const totalPages = Math.ceil(total / size);
      return {
        content: rows.map(toReview),
        first: page === 0,
        last: page >= totalPages - 1,
        page,
        size,
        totalElements: total,
        totalPages,
        average: ratingAverage(firm.rating_count, firm.rating_sum),
        count: firm.rating_count,
        mine: mine ? toReview(mine) : null,
        mayReview: viewerId ? Boolean(mine) || (await mayReview(viewerId, firmId)) : false,
        mayReply: viewerId ? await mayReply(viewerId, firmId) : false,
      };
    },

    /** Writes or edits the caller's review of a firm; `created` says it is new. */
    async write(userId: string, firmId: string, input: { rating: number; text: string }) {
      const firm = await activeFirm(firmId);
      if (await mayReply(userId, firmId)) throw new HttpError(403, 'You cannot review a business you work for.', 'own_firm');
      if (!(await mayReview(userId, firmId))) {
        throw new HttpError(403, 'Only customers who bought or booked here can review this business.', 'no_relation');
      }
      const now = clock().toISOString();
      const created = await db.transaction().execute(async (trx) => {
        // one writer per firm at a time: the count and sum below stay exact
        if (dialect === 'postgres') await sql`select id from firms where id = ${firmId} for update`.execute(trx);
        const existing = await trx
          .selectFrom('reviews')
          .select(['id', 'rating', 'hidden_at'])
          .where('firm_id', '=', firmId)
          .where('author_id', '=', userId)
          .executeTakeFirst();
        if (existing) {
          await trx
            .updateTable('reviews')
            .set({ rating: input.rating, body: input.text, updated_at: now })
            .where('id', '=', existing.id)
            .execute();
          // a review an admin hid is out of the firm's rating: its edit changes nothing there
          if (existing.hidden_at === null)
            await trx
              .updateTable('firms')
              .set((eb) => ({ rating_sum: eb('rating_sum', '+', input.rating - existing.rating) }))
              .where('id', '=', firmId)
              .execute();
          return false;
        }
        await trx
          .insertInto('reviews')
          .values({
            id: randomId(),
            firm_id: firmId,
            author_id: userId,
            rating: input.rating,
            body: input.text,
            created_at: now,
            updated_at: now,
            reply: null,
            reply_at: null,
            reply_by: null,
          })
          .execute();
        await trx
          .updateTable('firms')
          .set((eb) => ({ rating_count: eb('rating_count', '+', 1), rating_sum: eb('rating_sum', '+', input.rating) }))
          .where('id', '=', firmId)
          .execute();
        return true;
      });
      const review = await reviewQuery().where('r.firm_id', '=', firmId).where('r.author_id', '=', userId).executeTakeFirstOrThrow();
      return { review: toReview(review), created, firm };
    },

    /** The firm's one reply to a review (409 when it has one). */
    async reply(reviewId: string, firmId: string, userId: string, text: string) {
      const now = clock().toISOString();
      const result = await db
        .updateTable('reviews')
        .set({ reply: text, reply_at: now, reply_by: userId })
        .where('id', '=', reviewId)
        .where('firm_id', '=', firmId)
        .where('reply', 'is', null)
        .executeTakeFirst();
      const row = await db
        .selectFrom('reviews')
        .select(['author_id', 'firm_id'])
        .where('id', '=', reviewId)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!row) throw notFound('Review not found.');
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, 'This review already has the business’s reply.', 'replied');
      const firm = await db.selectFrom('firms').select(['name', 'username']).where('id', '=', firmId).executeTakeFirstOrThrow();
      const review = await reviewQuery().where('r.id', '=', reviewId).executeTakeFirstOrThrow();
      return { review: toReview(review), authorId: row.author_id, firm };
    },

    /** For reports: a review named by its author and firm. */
    async reportTarget(id: string) {
      const row = await db
        .selectFrom('reviews as r')
        .innerJoin('users as u', 'u.id', 'r.author_id')
        .innerJoin('firms as f', 'f.id', 'r.firm_id')
        .select(['r.id', 'r.body', 'u.first_name', 'u.last_name', 'f.name'])
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() + ` → ${row.name}`, preview: row.body };
    },
  };
}
