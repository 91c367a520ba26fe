import type { Kysely, Selectable } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { ConversationsTable, Database } from '../../db/schema';
import type { Attachment, Conversation, ConversationList, Message, MessagePage, OpenConversationInput } from '../../../shared/messages';
import { MESSAGE_PAGE_SIZE } from '../../../shared/message-limits';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { discardImage, type StoredImage } from '../../lib/media';
import { isRestricted } from '../firm-followers/restrictions';

/** Which side of a conversation is reading or writing. */
export type Side = 'customer' | 'firm';

const ACTIVE = 1;
/** the list shows this many conversations, the most recent first */
const LIST_LIMIT = 200;
const PREVIEW_CHARS = 140;
/** an upload no message claimed is discarded after this long */
const PENDING_ATTACHMENT_MS = 24 * 60 * 60_000;
/** what a message with images shows in the lists before its text (language-neutral) */
const PICTURE_MARK = '📷';

type Scope = { customerId: string } | { firmId: string };

type ConversationRow = Selectable<ConversationsTable> & {
  firm_username: string;
  firm_name: string;
  firm_image_path: string | null;
  customer_first_name: string;
  customer_last_name: string;
  customer_flip: string;
  customer_image_path: string | null;
};

function conversationQuery(db: Kysely<Database>) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('firms as f', 'f.id', 'c.firm_id')
    .innerJoin('users as u', 'u.id', 'c.customer_id')
    .selectAll('c')
    .select([
      'f.username as firm_username',
      'f.name as firm_name',
      'f.image_path as firm_image_path',
      'u.first_name as customer_first_name',
      'u.last_name as customer_last_name',
      'u.flip as customer_flip',
      'u.image_path as customer_image_path',
    ]);
}

function toConversation(row: ConversationRow, side: Side): Conversation {
  return {
    id: row.id,
    firm: { id: row.firm_id, username: row.firm_username, name: row.firm_name, imagePath: row.firm_image_path },
    customer: {
      id: row.customer_id,
      name: `${row.customer_first_name} ${row.customer_last_name}`.trim(),
      flip: row.customer_flip,
      imagePath: row.customer_image_path,
    },
    lastMessageAt: row.last_message_at,
    lastMessagePreview: row.last_message_preview,
    lastFrom: row.last_from_firm === 1 ? 'firm' : 'customer',
    unread: side === 'customer' ? row.customer_unread : row.firm_unread,
    blocked: row.blocked_at !== null,
  };
}

function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/**
 * Conversations between customers and firms. The service answers for one side at a time: the
 * customer reaches only their own conversations (another's → 404), the firm's team only its firm's
 * (the route's guard already checked the employment; `firmId` scopes every query again).
 */
export function createMessageService({ db, clock, storage }: Pick<AppDeps, 'db' | 'clock' | 'storage'>) {
  async function find(id: string, scope: Scope): Promise<ConversationRow> {
    let query = conversationQuery(db).where('c.id', '=', id);
    query = 'customerId' in scope ? query.where('c.customer_id', '=', scope.customerId) : query.where('c.firm_id', '=', scope.firmId);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('Conversation not found.');
    return row;
  }

  function toMessage(
    row: {
      id: string;
      conversation_id: string;
      from_firm: number;
      body: string;
      deleted: number;
      created_at: string;
      first_name: string | null;
    },
    side: Side,
    customerName: string,
    attachments: Attachment[],
  ): Message {
    const from = row.from_firm === 1 ? 'firm' : 'customer';
    // the customer talks to the firm, not to whoever of its team answered; the team sees who did
    const senderName = from === 'customer' ? customerName : side === 'firm' ? row.first_name : null;
    return {
      id: row.id,
      conversationId: row.conversation_id,
      from,
      senderName,
      body: row.body,
      deleted: row.deleted === 1,
      attachments,
      createdAt: row.created_at,
    };
  }

  /** The images of these messages, by message id, in their order. */
  async function attachmentsOf(messageIds: string[]): Promise<Map<string, Attachment[]>> {
    const byMessage = new Map<string, Attachment[]>();
    if (messageIds.length === 0) return byMessage;
    const rows = await db
      .selectFrom('message_attachments')
      .select(['id', 'message_id', 'width', 'height', 'color'])
      .where('message_id', 'in', messageIds)
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = byMessage.get(row.message_id!) ?? [];
      list.push({ id: row.id, width: row.width, height: row.height, color: row.color });
      byMessage.set(row.message_id!, list);
    }
    return byMessage;
  }

  async function writable(id: string, side: Side, scope: Scope): Promise<ConversationRow> {
    const conversation = await find(id, scope);
    // the firm blocked this conversation, or restricted the customer from everything of theirs
    if (side === 'customer' && (conversation.blocked_at || (await isRestricted(db, conversation.firm_id, conversation.customer_id)))) {
      throw new HttpError(403, 'This business does not accept your messages.', 'blocked');
    }
    return conversation;
  }

  /** Uploads of `uploaderId` in a conversation that no message claimed within a day: rows and renditions go. */
  async function discardStale(conversationId: string, uploaderId: string): Promise<void> {
    const stale = await db
      .selectFrom('message_attachments')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('uploader_id', '=', uploaderId)
      .where('message_id', 'is', null)
      .where('created_at', '<', new Date(clock().getTime() - PENDING_ATTACHMENT_MS).toISOString())
      .execute();
    for (const { id } of stale) {
      await db.deleteFrom('message_attachments').where('id', '=', id).execute();
      await discardImage(db, storage, id);
    }
  }

  return {
    /** The caller's conversation with a firm, made on first use (one per pair, whoever asks twice at once). */
    async open(customerId: string, input: OpenConversationInput): Promise<Conversation> {
      let firmQuery = db.selectFrom('firms').select(['id']).where('status_code', '=', ACTIVE);
      firmQuery = input.firmId ? firmQuery.where('id', '=', input.firmId) : firmQuery.where('username', '=', input.firmUsername!);
      const firm = await firmQuery.executeTakeFirst();
      if (!firm) throw notFound('Business not found.');
      await db
        .insertInto('conversations')
        .values({ id: randomId(), firm_id: firm.id, customer_id: customerId, created_at: clock().toISOString(), last_message_at: null })
        .onConflict((oc) => oc.columns(['firm_id', 'customer_id']).doNothing())
        .execute();
      const row = await conversationQuery(db)
        .where('c.firm_id', '=', firm.id)
        .where('c.customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      return toConversation(row, 'customer');
    },

    /** The customer's conversations (those with a message), the latest first. */
    async listForCustomer(customerId: string): Promise<ConversationList> {
      const rows = await conversationQuery(db)
        .where('c.customer_id', '=', customerId)
        .where('c.last_message_at', 'is not', null)
        .orderBy('c.last_message_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      const content = rows.map((row) => toConversation(row, 'customer'));
      return { content, unread: content.reduce((sum, c) => sum + c.unread, 0) };
    },

    /** The firm's inbox: its customers' conversations, the latest first. */
    async listForFirm(firmId: string): Promise<ConversationList> {
      const rows = await conversationQuery(db)
        .where('c.firm_id', '=', firmId)
        .where('c.last_message_at', 'is not', null)
        .orderBy('c.last_message_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      const content = rows.map((row) => toConversation(row, 'firm'));
      return { content, unread: content.reduce((sum, c) => sum + c.unread, 0) };
    },

    /** A page of a conversation's messages, oldest first (the newest page unless `before`). */
    async page(id: string, side: Side, scope: Scope, query: { before?: string; size?: number }): Promise<MessagePage> {
      const conversation = await find(id, scope);
      const size = query.size ?? MESSAGE_PAGE_SIZE;
      let rows = db
        .selectFrom('messages as m')
        .leftJoin('users as u', 'u.id', 'm.sender_id')
        .select(['m.id', 'm.conversation_id', 'm.from_firm', 'm.body', 'm.deleted', 'm.created_at', 'u.first_name'])
        .where('m.conversation_id', '=', id);
      if (query.before) rows = rows.where('m.created_at', '<', query.before);
      const found = await rows
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(size + 1)
        .execute();
      const customerName = `${conversation.customer_first_name} ${conversation.customer_last_name}`.trim();
      const shown = found.slice(0, size).reverse();
      const attachments = await attachmentsOf(shown.map((row) => row.id));
      return {
        conversation: toConversation(conversation, side),
        content: shown.map((row) => toMessage(row, side, customerName, attachments.get(row.id) ?? [])),
        hasOlder: found.length > size,
      };
    },

    /**
     * Writes a message. Refused (403) to a customer the firm blocked. The other side's unread count
     * grows by one; `firstUnread` says it was 0 before (the one moment worth a notification).
     */
    async send(id: string, side: Side, senderId: string, scope: Scope, input: { body: string; attachments: string[] }) {
      const { body, attachments: attachmentIds } = input;
      const conversation = await writable(id, side, scope);
      const messageId = randomId();
      const shownText = attachmentIds.length > 0 ? `${PICTURE_MARK} ${body}`.trim() : body;
      const fromFirm = side === 'firm' ? 1 : 0;
      const { createdAt, firstUnread } = await db.transaction().execute(async (trx) => {
        // the conversation's row first: it serialises two sends in one conversation (a row lock on
        // PostgreSQL, the write lock on SQLite), so each message can be stamped after the last one
        await trx
          .updateTable('conversations')
          .set((eb) => ({
            last_message_preview: preview(shownText),
            last_from_firm: fromFirm,
            ...(side === 'customer' ? { firm_unread: eb('firm_unread', '+', 1) } : { customer_unread: eb('customer_unread', '+', 1) }),
          }))
          .where('id', '=', id)
          .execute();
        const current = await trx
          .selectFrom('conversations')
          .select(['firm_unread', 'customer_unread', 'last_message_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        // strictly after the previous message: two in one millisecond would otherwise read in any order
        const stamp = Math.max(clock().getTime(), current.last_message_at ? Date.parse(current.last_message_at) + 1 : 0);
        const at = new Date(stamp).toISOString();
        await trx
          .insertInto('messages')
          .values({ id: messageId, conversation_id: id, sender_id: senderId, from_firm: fromFirm, body, created_at: at })
          .execute();
        // the images: the writer's own unsent uploads to this conversation, claimed once (else nothing is written)
        for (const [position, attachmentId] of attachmentIds.entries()) {
          const claimed = await trx
            .updateTable('message_attachments')
            .set({ message_id: messageId, position })
            .where('id', '=', attachmentId)
            .where('conversation_id', '=', id)
            .where('uploader_id', '=', senderId)
            .where('message_id', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) {
            throw new HttpError(400, 'An attached image is unknown or already sent: upload it again.', 'validation_failed', {
              attachments: ['validation.invalid'],
            });
          }
        }
        await trx.updateTable('conversations').set({ last_message_at: at }).where('id', '=', id).execute();
        return { createdAt: at, firstUnread: (side === 'customer' ? current.firm_unread : current.customer_unread) === 1 };
      });
      const sender = await db.selectFrom('users').select('first_name').where('id', '=', senderId).executeTakeFirst();
      const customerName = `${conversation.customer_first_name} ${conversation.customer_last_name}`.trim();
      const row = {
        id: messageId,
        conversation_id: id,
        from_firm: fromFirm,
        body,
        deleted: 0,
        created_at: createdAt,
        first_name: sender?.first_name ?? null,
      };
      const attachments = (await attachmentsOf([messageId])).get(messageId) ?? [];
      return {
        /** as the customer sees it, and as the team sees it */
        forCustomer: toMessage(row, 'customer', customerName, attachments),
        forFirm: toMessage(row, 'firm', customerName, attachments),
        conversation: {
          id,
          firmId: conversation.firm_id,
          firmName: conversation.firm_name,
          customerId: conversation.customer_id,
          customerName,
        },
        firstUnread,
      };
    },

    /** The conversation, when this side may write to it: 404 for others', 403 `blocked` for a customer the firm blocked. */
    writable,

    /** Records an image the writer just uploaded to the conversation (not sent yet); old unsent ones go. */
    async addAttachment(id: string, uploaderId: string, image: StoredImage): Promise<Attachment> {
      await db
        .insertInto('message_attachments')
        .values({
          id: image.id,
          conversation_id: id,
          uploader_id: uploaderId,
          width: image.width,
          height: image.height,
          color: image.color,
          created_at: clock().toISOString(),
        })
        .execute();
      await discardStale(id, uploaderId);
      return { id: image.id, width: image.width, height: image.height, color: image.color };
    },

    /**
     * Whether the reader may see an attachment: it belongs to a conversation of theirs (scope) and is
     * sent, or is their own upload. Anything else is a 404, as if it did not exist.
     */
    async readableAttachment(id: string, attachmentId: string, scope: Scope, readerId: string): Promise<void> {
      await find(id, scope);
      const row = await db
        .selectFrom('message_attachments')
        .select(['message_id', 'uploader_id'])
        .where('id', '=', attachmentId)
        .where('conversation_id', '=', id)
        .executeTakeFirst();
      if (!row || (row.message_id === null && row.uploader_id !== readerId)) throw notFound('Image not found.');
    },

    /** The side has read everything in the conversation. */
    async markRead(id: string, side: Side, scope: Scope): Promise<void> {
      await find(id, scope);
      await db
        .updateTable('conversations')
        .set(side === 'customer' ? { customer_unread: 0 } : { firm_unread: 0 })
        .where('id', '=', id)
        .execute();
    },

    /** The firm's team blocks (or unblocks) the customer of a conversation. */
    async setBlocked(id: string, firmId: string, blocked: boolean): Promise<Conversation> {
      await find(id, { firmId });
      await db
        .updateTable('conversations')
        .set({ blocked_at: blocked ? clock().toISOString() : null })
        .where('id', '=', id)
        .execute();
      return toConversation(await find(id, { firmId }), 'firm');
    },
  };
}
