import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { HttpError, notFound } from '../../lib/errors';
import { normalizeLanguage } from '../../../shared/i18n';
import type { Ticket } from '../../../shared/orders';
import { ticketForYouMail } from './orders.mails';
import { venueTime } from './order-notices';
import type { OrderService } from './orders.service';
import { ticketCode } from './references';
import { ticketQuery, toTicket } from './ticket-views';
import { notify } from '../notifications/notify';

/**
 * Passing a ticket to a friend: before the event, the holder's active ticket
 * becomes 'transferred' (its code stops working) and a new ticket with a new code is issued to
 * the friend, in one transaction whose conditional UPDATE lets a ticket go only once.
 */
export function createTransferService(deps: AppDeps, orders: Pick<OrderService, 'areFriends'>) {
  const { db, clock, env, logger, mail } = deps;
  const now = () => clock().toISOString();

  async function transfer(userId: string, ticketId: string, toUserId: string): Promise<Ticket> {
    const ticket = await ticketQuery(db).where('t.id', '=', ticketId).where('t.holder_id', '=', userId).executeTakeFirst();
    if (!ticket) throw notFound('Ticket not found.');
    if (ticket.status !== 'active') throw new HttpError(409, 'This ticket cannot be passed on any more.', 'ticket_not_transferable');
    if (ticket.startDateTime <= now())
      throw new HttpError(409, 'The event has started: its tickets can no longer be passed on.', 'ticket_not_transferable');
    if (toUserId === userId) throw new HttpError(422, 'This ticket is already yours.', 'not_a_friend', { toUserId: ['Choose a friend.'] });
    if (!(await orders.areFriends(userId, [toUserId])).has(toUserId)) {
      throw new HttpError(422, 'Tickets can be passed to friends only.', 'not_a_friend', { toUserId: ['Not your friend.'] });
    }
    const newId = crypto.randomUUID();
    const moved = await db.transaction().execute(async (trx) => {
      const gone = await trx
        .updateTable('tickets')
        .set({ status: 'transferred', updated_at: now() })
        .where('id', '=', ticketId)
        .where('holder_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(gone.numUpdatedRows) === 0) return false;
      const old = await trx.selectFrom('tickets').selectAll().where('id', '=', ticketId).executeTakeFirstOrThrow();
      await trx
        .insertInto('tickets')
        .values({
          id: newId,
          order_id: old.order_id,
          event_id: old.event_id,
          category_id: old.category_id,
          holder_id: toUserId,
          code: ticketCode(),
          status: 'active',
          transferred_from: old.id,
          created_at: old.created_at,
          updated_at: now(),
        })
        .execute();
      return true;
    });
    if (!moved) throw new HttpError(409, 'This ticket cannot be passed on any more.', 'ticket_not_transferable');
    await tellNewHolder(newId, userId).catch((error: unknown) => logger.error({ err: error, ticketId: newId }, 'transfer mail failed'));
    const given = await ticketQuery(db).where('t.id', '=', newId).executeTakeFirstOrThrow();
    const from = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    await notify(deps, {
      to: toUserId,
      kind: 'ticket.transferred',
      params: { eventName: given.eventName, fromName: `${from.first_name} ${from.last_name}`.trim(), orderReference: given.reference },
      actorId: userId,
    });
    const row = await ticketQuery(db).where('t.id', '=', newId).executeTakeFirstOrThrow();
    return toTicket(db, row, userId, clock());
  }

  async function tellNewHolder(ticketId: string, fromUserId: string) {
    const row = await ticketQuery(db).where('t.id', '=', ticketId).executeTakeFirstOrThrow();
    const [holder, from] = await Promise.all([
      db.selectFrom('users').select(['first_name', 'email', 'language']).where('id', '=', row.holderId).executeTakeFirstOrThrow(),
      db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', fromUserId).executeTakeFirstOrThrow(),
    ]);
    if (!holder.email) return;
    const language = normalizeLanguage(holder.language);
    await mail.send({
      to: holder.email,
      language,
      template: ticketForYouMail,
      params: {
        firstName: holder.first_name,
        fromName: `${from.first_name} ${from.last_name}`.trim(),
        transfer: true,
        event: row.eventName,
        when: venueTime(row.startDateTime, row.timezone, language),
        venue: [row.firmName, row.addressLine, row.city].filter(Boolean).join(', '),
        reference: row.reference,
        url: `${env.publicUrl}/profile/orders`,
      },
    });
  }

  return { transfer };
}
