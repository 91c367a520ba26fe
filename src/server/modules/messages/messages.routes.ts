import { z } from 'zod';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../app-deps';
import {
  blockCustomerSchema,
  conversationListSchema,
  conversationSchema,
  messageInputSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  attachmentSchema,
  openConversationSchema,
  type LiveMessage,
} from '../../../shared/messages';
import { MESSAGES_PER_MINUTE } from '../../../shared/message-limits';
import { IMAGE_SIZES, type ImageSize } from '../../../shared/media';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { HttpError } from '../../lib/errors';
import { imageUpload, privateMediaId, renditionKey } from '../../lib/media';
import { createRoute, createRouter, idParam, json, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { channels } from '../../lib/realtime';
import { notify } from '../notifications/notify';
import { createMessageService, type Side } from './messages.service';
import { activeStaffIds } from '../../lib/firm-staff';

type Scope = { customerId: string } | { firmId: string };

const renditionParams = idParam.extend({ attachmentId: z.string().min(1).max(64), file: z.string().max(16) });
const imageBody = {
  required: true,
  content: {
    // read by the image pipeline (a missing or unreadable file has its own messages), so described, not a zod schema
    'multipart/form-data': {
      schema: { type: 'object' as const, properties: { image: { type: 'string' as const, format: 'binary' } }, required: ['image'] },
    },
  },
};

/**
 * The two routes of attachments, for one side: upload an image to a conversation (not sent until a
 * message names it) and read one rendition of a conversation's image. `guard`: the side's check.
 */
function attachmentRoutes(
  base: { tags: string[]; security: typeof SIGNED_IN },
  guard: MiddlewareHandler<AppEnv>,
  uploadGuards: MiddlewareHandler<AppEnv>[],
) {
  return {
    upload: createRoute({
      ...base,
      middleware: [guard, ...uploadGuards],
      method: 'post',
      path: '/{id}/attachments',
      summary: 'Uploads an image to attach to my next message here (JPEG, PNG, WebP, GIF or AVIF, 8 MB at most; rate-limited)',
      request: { params: idParam, body: imageBody },
      responses: { 201: json(attachmentSchema, 'The stored image.', 'Attachment'), ...problems(400, 401, 403, 404, 413, 429, 503) },
    }),
    rendition: createRoute({
      ...base,
      middleware: [guard],
      method: 'get',
      path: '/{id}/attachments/{attachmentId}/{file}',
      summary: "One rendition of a conversation's image (`file`: small.webp, medium.webp or large.webp); only the two sides read it",
      request: { params: renditionParams },
      responses: { 200: media('image/webp', 'The rendition; private, immutable.'), ...problems(401, 403, 404) },
    }),
  };
}

function renditionSize(file: string): ImageSize {
  const size = file.replace(/\.webp$/, '') as ImageSize;
  if (!IMAGE_SIZES.includes(size) || !file.endsWith('.webp')) throw new HttpError(404, 'Image not found.');
  return size;
}
const messageBody = { required: true, content: { 'application/json': { schema: messageInputSchema } } };

// ---- the customer: /api/user/conversations ----

const customer = { tags: ['Messages'], security: SIGNED_IN, middleware: [requireUser] };

const myList = createRoute({
  ...customer,
  method: 'get',
  path: '/',
  summary: "The caller's conversations with firms, the latest first, with unread counts",
  responses: { 200: json(conversationListSchema, 'The conversations.', 'ConversationList'), ...problems(401) },
});
const open = createRoute({
  ...customer,
  method: 'post',
  path: '/',
  summary: "Opens the caller's conversation with a firm (by id or username), made on first use",
  request: { body: { required: true, content: { 'application/json': { schema: openConversationSchema } } } },
  responses: { 200: json(conversationSchema, 'The conversation.', 'Conversation'), ...problems(400, 401, 404) },
});
const myPage = createRoute({
  ...customer,
  method: 'get',
  path: '/{id}/messages',
  summary: 'A page of one of my conversations (oldest first; `before` for older ones)',
  request: { params: idParam, query: messagePageQuerySchema },
  responses: { 200: json(messagePageSchema, 'The messages.', 'MessagePage'), ...problems(400, 401, 404) },
});
const mySend = createRoute({
  ...customer,
  method: 'post',
  path: '/{id}/messages',
  summary: 'Writes to the firm (at most 2000 characters; rate-limited; refused when the firm blocked me)',
  request: { params: idParam, body: messageBody },
  responses: { 201: json(messageSchema, 'The message.', 'Message'), ...problems(400, 401, 403, 404, 429) },
});
const myRead = createRoute({
  ...customer,
  method: 'post',
  path: '/{id}/read',
  summary: 'Marks one of my conversations read',
  request: { params: idParam },
  responses: { 204: { description: 'Read.' }, ...problems(401, 404) },
});

// ---- the firm's team: /api/dashboard/conversations ----

const team = { tags: ['Workspace: messages'], security: SIGNED_IN };
const conversationFirm = entityFirm('conversations', 'id');

const firmList = createRoute({
  ...team,
  middleware: [requireEmployment('messages.reply')],
  method: 'get',
  path: '/',
  summary: "The firm's conversations with customers, the latest first, with unread counts",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(conversationListSchema, 'The conversations.', 'ConversationList'), ...problems(400, 401, 403) },
});
const firmPage = createRoute({
  ...team,
  middleware: [requireEmployment('messages.reply', conversationFirm)],
  method: 'get',
  path: '/{id}/messages',
  summary: 'A page of a conversation of the firm (oldest first; `before` for older ones)',
  request: { params: idParam, query: messagePageQuerySchema },
  responses: { 200: json(messagePageSchema, 'The messages.', 'MessagePage'), ...problems(400, 401, 403, 404) },
});
const firmSend = createRoute({
  ...team,
  middleware: [requireEmployment('messages.reply', conversationFirm)],
  method: 'post',
  path: '/{id}/messages',
  summary: 'Answers the customer on the firm’s behalf (at most 2000 characters; rate-limited)',
  request: { params: idParam, body: messageBody },
  responses: { 201: json(messageSchema, 'The message.', 'Message'), ...problems(400, 401, 403, 404, 429) },
});
const firmRead = createRoute({
  ...team,
  middleware: [requireEmployment('messages.reply', conversationFirm)],
  method: 'post',
  path: '/{id}/read',
  summary: 'Marks a conversation read for the firm',
  request: { params: idParam },
  responses: { 204: { description: 'Read.' }, ...problems(401, 403, 404) },
});
const firmBlock = createRoute({
  ...team,
  middleware: [requireEmployment('messages.reply', conversationFirm)],
  method: 'put',
  path: '/{id}/block',
  summary: 'Blocks (or unblocks) the customer of a conversation: a blocked customer can no longer write',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: blockCustomerSchema } } } },
  responses: { 200: json(conversationSchema, 'The conversation.', 'Conversation'), ...problems(400, 401, 403, 404) },
});

/** Sending, shared by both sides: rate limit, write, live event to both sides, a notification when it starts an unread run. */
function messaging(deps: AppDeps) {
  const service = createMessageService(deps);
  const upload = imageUpload(deps);
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'messages', max: MESSAGES_PER_MINUTE, windowMs: 60_000 }, () =>
    deps.clock().getTime(),
  );
  async function send(id: string, side: Side, senderId: string, scope: Scope, input: { body: string; attachments: string[] }) {
    const verdict = await limit.consume(senderId);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many messages');
    const sent = await service.send(id, side, senderId, scope, input);
    const { conversation } = sent;
    const live = (message: LiveMessage['message']): { type: string; data: LiveMessage } => ({
      type: 'message',
      data: { conversationId: id, firmId: conversation.firmId, customerId: conversation.customerId, message },
    });
    await Promise.all([
      deps.realtime.publish(channels.user(conversation.customerId), live(sent.forCustomer)),
      deps.realtime.publish(channels.firm(conversation.firmId), live(sent.forFirm)),
    ]);
    if (sent.firstUnread) {
      if (side === 'customer') {
        void notify(deps, {
          to: await activeStaffIds(deps.db, conversation.firmId),
          kind: 'message.customer',
          params: {
            senderName: conversation.customerName,
            firmName: conversation.firmName,
            firmId: conversation.firmId,
            conversationId: id,
          },
          actorId: senderId,
        });
      } else {
        void notify(deps, {
          to: conversation.customerId,
          kind: 'message.received',
          params: { senderName: conversation.firmName, conversationId: id },
          actorId: senderId,
        });
      }
    }
    return side === 'customer' ? sent.forCustomer : sent.forFirm;
  }
  /** An image for the next message: counted as a message (the same limit) and as an upload (the pipeline's own limits). */
  async function attach(c: Context<AppEnv>, id: string, side: Side, uploaderId: string, scope: Scope) {
    await service.writable(id, side, scope);
    const verdict = await limit.consume(uploaderId);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many messages');
    const stored = await upload.store(c, { uploadedBy: uploaderId, id: privateMediaId() });
    return service.addAttachment(id, uploaderId, stored);
  }
  /** The bytes of a rendition the reader may see; cached by their browser only. */
  async function rendition(c: Context<AppEnv>, params: { id: string; attachmentId: string; file: string }, scope: Scope, readerId: string) {
    const size = renditionSize(params.file);
    await service.readableAttachment(params.id, params.attachmentId, scope, readerId);
    const body = await deps.storage.get(renditionKey(params.attachmentId, size));
    if (!body) throw new HttpError(404, 'Image not found.');
    return c.body(new Uint8Array(body), 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=31536000, immutable' });
  }
  return { service, send, attach, rendition, uploadGuards: upload.guards };
}

/** `/api/user/conversations`: the customer's side. */
export function customerConversationRoutes(deps: AppDeps) {
  const { service, send, attach, rendition, uploadGuards } = messaging(deps);
  const attachments = attachmentRoutes({ tags: customer.tags, security: customer.security }, requireUser, uploadGuards);
  return createRouter()
    .openapi(myList, async (c) => c.json(await service.listForCustomer((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(open, async (c) => c.json(await service.open((await userOf(c)).id, c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(myPage, async (c) => {
      const user = await userOf(c);
      const page = await service.page(c.req.valid('param').id, 'customer', { customerId: user.id }, c.req.valid('query'));
      return c.json(page, 200, PRIVATE_NO_STORE);
    })
    .openapi(mySend, async (c) => {
      const user = await userOf(c);
      const message = await send(c.req.valid('param').id, 'customer', user.id, { customerId: user.id }, c.req.valid('json'));
      return c.json(message, 201, PRIVATE_NO_STORE);
    })
    .openapi(attachments.upload, async (c) => {
      const user = await userOf(c);
      const attachment = await attach(c, c.req.valid('param').id, 'customer', user.id, { customerId: user.id });
      return c.json(attachment, 201, PRIVATE_NO_STORE);
    })
    .openapi(attachments.rendition, async (c) => {
      const user = await userOf(c);
      return rendition(c, c.req.valid('param'), { customerId: user.id }, user.id);
    })
    .openapi(myRead, async (c) => {
      const user = await userOf(c);
      await service.markRead(c.req.valid('param').id, 'customer', { customerId: user.id });
      return c.body(null, 204);
    });
}

/** `/api/dashboard/conversations`: the firm's team answers (permission `messages.reply`). */
export function firmConversationRoutes(deps: AppDeps) {
  const { service, send, attach, rendition, uploadGuards } = messaging(deps);
  const attachments = attachmentRoutes(team, requireEmployment('messages.reply', conversationFirm), uploadGuards);
  return createRouter()
    .openapi(firmList, async (c) => c.json(await service.listForFirm(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(firmPage, async (c) => {
      const page = await service.page(c.req.valid('param').id, 'firm', { firmId: employmentOf(c).firmId }, c.req.valid('query'));
      return c.json(page, 200, PRIVATE_NO_STORE);
    })
    .openapi(firmSend, async (c) => {
      const employment = employmentOf(c);
      const message = await send(c.req.valid('param').id, 'firm', employment.userId, { firmId: employment.firmId }, c.req.valid('json'));
      return c.json(message, 201, PRIVATE_NO_STORE);
    })
    .openapi(attachments.upload, async (c) => {
      const employment = employmentOf(c);
      const attachment = await attach(c, c.req.valid('param').id, 'firm', employment.userId, { firmId: employment.firmId });
      return c.json(attachment, 201, PRIVATE_NO_STORE);
    })
    .openapi(attachments.rendition, async (c) => {
      const employment = employmentOf(c);
      return rendition(c, c.req.valid('param'), { firmId: employment.firmId }, employment.userId);
    })
    .openapi(firmRead, async (c) => {
      await service.markRead(c.req.valid('param').id, 'firm', { firmId: employmentOf(c).firmId });
      return c.body(null, 204);
    })
    .openapi(firmBlock, async (c) => {
      const conversation = await service.setBlocked(c.req.valid('param').id, employmentOf(c).firmId, c.req.valid('json').blocked);
      return c.json(conversation, 200, PRIVATE_NO_STORE);
    });
}
