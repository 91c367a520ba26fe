import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';
import { imageForm, testPng } from '../../testing/catalogue-fixtures';
import { storeImage } from '../../lib/media';
import type { MediaStorage } from '../../lib/storage';

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

/** A sent image in that conversation, made once. */
async function attachment(db: Kysely<Database>, storage: MediaStorage): Promise<string> {
  const conversationId = await conversation(db);
  const id = 'msg_authz0000000000000000000000000000';
  if (await db.selectFrom('message_attachments').select('id').where('id', '=', id).executeTakeFirst())
    return `${conversationId}/attachments/${id}`;
  const image = await storeImage(db, storage, await testPng(), { id, uploadedBy: 'user-stranger' });
  await db
    .insertInto('messages')
    .values({
      id: 'msg-authz',
      conversation_id: conversationId,
      sender_id: 'user-stranger',
      from_firm: 0,
      body: '',
      created_at: '2026-06-01T00:00:00.000Z',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('message_attachments')
    .values({
      id,
      conversation_id: conversationId,
      message_id: 'msg-authz',
      uploader_id: 'user-stranger',
      width: image.width,
      height: image.height,
      color: image.color,
      created_at: '2026-06-01T00:00:00.000Z',
    })
    .execute();
  return `${conversationId}/attachments/${id}`;
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
  'POST /api/dashboard/conversations/{id}/attachments': {
    request: async (w) => ({
      path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/attachments`,
      body: await imageForm(),
    }),
    expect: entityScoped(TEAM, 201),
  },
  'GET /api/dashboard/conversations/{id}/attachments/{attachmentId}/{file}': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await attachment(w.ctx.deps.db, w.ctx.deps.storage)}/small.webp` }),
    expect: entityScoped(TEAM),
  },
  'PUT /api/dashboard/conversations/{id}/block': {
    request: async (w) => ({ path: `/api/dashboard/conversations/${await conversation(w.ctx.deps.db)}/block`, body: { blocked: false } }),
    expect: entityScoped(TEAM),
  },
};
