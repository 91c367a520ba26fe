import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { USER_STATUS } from '../../../shared/user';
import { discardImage } from '../../lib/media';
import { randomId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { MediaStorage } from '../../lib/storage';
import { soleLeadership, type Leadership } from '../../lib/leader';
import { forgetOutboxMailTo, mailTag } from '../../lib/mail';
import { activeEmploymentsOf, activeStaff } from '../../lib/firm-staff';

/**
 * Deleting accounts once their grace period is over (see account.service.ts for asking).
 */
interface PurgeDeps {
  db: Kysely<Database>;
  clock: () => Date;
  storage: MediaStorage;
  /** the data folder whose outbox holds the mail when no SMTP server is set (else nothing to clear there) */
  mailOutboxDir?: string;
}

export function createAccountPurge(deps: PurgeDeps) {
  const { db, clock } = deps;
  /**
   * Removes what is the person's own and anonymises what others keep (orders and payments of
   * firms, reports, notifications they caused). Friends lose one friend each (never below 0).
   */
  async function purge(userId: string): Promise<void> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) return;
    const pictures = await db.transaction().execute(async (trx) => {
      const sent = await removeMessages(trx, userId);
      await purgeRows(trx, row);
      return sent;
    });
    for (const id of [row.image_path, ...pictures]) await discardImage(db, deps.storage, id);
    if (row.email && deps.mailOutboxDir) await forgetOutboxMailTo(deps.mailOutboxDir, row.email);
  }

  async function purgeRows(trx: Kysely<Database>, row: UserRow) {
    const userId = row.id;
    const friends = await trx
      .selectFrom('friendships')
      .select(['requester_id', 'addressee_id'])
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    const friendIds = friends.map((f) => (f.requester_id === userId ? f.addressee_id : f.requester_id));
    if (friendIds.length) {
      await trx
        .updateTable('users')
        .set((eb) => ({ total_friends: eb('total_friends', '-', 1) }))
        .where('id', 'in', friendIds)
        .where('total_friends', '>', 0)
        .execute();
    }
    await trx
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    for (const table of [
      'saved_items',
      'follows',
      'notifications',
      'notification_settings',
      'push_subscriptions',
      'addresses',
      'cart_items',
      'promo_offer_sends',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
    await handOverFirms(trx, userId);
    await removeReviews(trx, userId);
    await trx.deleteFrom('employments').where('user_id', '=', userId).execute();
    await trx.deleteFrom('invitations').where('invitee_user_id', '=', userId).execute();
    if (row.email) {
      await trx.deleteFrom('email_codes').where('email', '=', row.email).execute();
      await trx.deleteFrom('invitations').where('email', '=', row.email).execute();
      // mails not sent yet hold the person's codes, links and orders
      await trx.deleteFrom('jobs').where('tag', '=', mailTag(row.email)).execute();
    }
    await trx.updateTable('notifications').set({ actor_id: null }).where('actor_id', '=', userId).execute();
    await trx.updateTable('reports').set({ reporter_id: null }).where('reporter_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        first_name: 'Deleted',
        last_name: 'account',
        flip: `deleted-${randomId().slice(0, 12).toLowerCase()}`,
        email: null,
        password_hash: null,
        google_sub: null,
        image_path: null,
        date_of_birth: null,
        is_private: 1,
        total_friends: 0,
        friend_requests_from: 'nobody',
        status_code: USER_STATUS.deleted,
        deletion_due_at: null,
      })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * The firms this person is the last active owner of go to their oldest active manager. Without
   * a manager the firm stays online without an owner: its page, events and orders keep working,
   * its team keeps its rights, and nobody can change its plan or settings until support names an
   * owner (a firm's customers and tickets never vanish with one person's account).
   */
  async function handOverFirms(trx: Kysely<Database>, userId: string) {
    const owned = await activeEmploymentsOf(trx, userId).select('firm_id').where('user_role', '=', 'OWNER').execute();
    for (const { firm_id: firmId } of owned) {
      const team = activeStaff(trx, firmId).select('id').where('user_id', '!=', userId);
      if (await team.where('user_role', '=', 'OWNER').executeTakeFirst()) continue;
      const manager = await team.where('user_role', '=', 'MANAGER').orderBy('created_at').orderBy('id').executeTakeFirst();
      if (manager) await trx.updateTable('employments').set({ user_role: 'OWNER' }).where('id', '=', manager.id).execute();
    }
  }

  /**
   * What the person wrote privately to firms goes: each message keeps its place in the
   * conversation with its words removed (`deleted`: shown as "message deleted"), the pictures
   * they attached go (rows here, renditions once committed: the ids answered), and a preview
   * quoting them is emptied. The firm's own answers stay.
   */
  async function removeMessages(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const written = trx.selectFrom('messages').select('id').where('sender_id', '=', userId).where('from_firm', '=', 0);
    const pictures = await trx
      .selectFrom('message_attachments')
      .select('id')
      .where((eb) => eb.or([eb('message_id', 'in', written), eb.and([eb('message_id', 'is', null), eb('uploader_id', '=', userId)])]))
      .execute();
    if (pictures.length) {
      await trx
        .deleteFrom('message_attachments')
        .where(
          'id',
          'in',
          pictures.map((p) => p.id),
        )
        .execute();
    }
    await trx.updateTable('messages').set({ body: '', deleted: 1 }).where('sender_id', '=', userId).where('from_firm', '=', 0).execute();
    await trx
      .updateTable('conversations')
      .set({ last_message_preview: '' })
      .where('customer_id', '=', userId)
      .where('last_from_firm', '=', 0)
      .execute();
    return pictures.map((p) => p.id);
  }

  /** The person's reviews go, and their weight in the firms' ratings with them. */
  async function removeReviews(trx: Kysely<Database>, userId: string) {
    // a review an admin hid no longer counts in its firm's rating
    const reviews = await trx
      .selectFrom('reviews')
      .select(['firm_id', 'rating'])
      .where('author_id', '=', userId)
      .where('hidden_at', 'is', null)
      .execute();
    for (const review of reviews) {
      await trx
        .updateTable('firms')
        .set((eb) => ({ rating_count: eb('rating_count', '-', 1), rating_sum: eb('rating_sum', '-', review.rating) }))
        .where('id', '=', review.firm_id)
        .execute();
    }
    await trx.deleteFrom('reviews').where('author_id', '=', userId).execute();
  }

  /** Deletes the accounts whose grace period is over; the number deleted. */
  async function purgeDue(): Promise<number> {
    const due = await db
      .selectFrom('users')
      .select('id')
      .where('deletion_due_at', 'is not', null)
      .where('deletion_due_at', '<=', clock().toISOString())
      .limit(100)
      .execute();
    for (const { id } of due) await purge(id);
    return due.length;
  }

  return { purge, purgeDue };
}

/** Every hour (and at start), deletes the accounts whose grace period is over. */
/** At start and hourly, on the one process that leads the job (lib/leader.ts; the embedded process always does). */
export function startAccountPurger(deps: PurgeDeps & { logger: Logger; leadership?: Leadership }): () => void {
  const { purgeDue } = createAccountPurge(deps);
  const leadership = deps.leadership ?? soleLeadership;
  const run = () => {
    leadership
      .isLeader('account-purger')
      .then((leader) => (leader ? purgeDue() : undefined))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'deleting due accounts failed'));
  };
  run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
