import { z } from 'zod';
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX, MESSAGE_PAGE_SIZE } from './message-limits';

/**
 * Messages between a customer and a firm (one conversation per pair). The customer reads and writes
 * under /api/user/conversations, the firm's team under /api/dashboard/conversations (permission
 * `messages.reply`). New messages arrive live as the `message` event of /api/user/stream
 * (`liveMessageSchema`), else by polling the same reads.
 */
export const messageInputSchema = z
  .object({
    body: z.string().trim().max(MESSAGE_MAX, 'validation.tooLong').default(''),
    /** ids of images the writer uploaded to this conversation (`POST …/{id}/attachments`), in order */
    attachments: z
      .array(z.string().min(1).max(64))
      .max(MESSAGE_ATTACHMENTS_MAX, 'validation.tooLarge')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid')
      .default([]),
  })
  // a text, or at least one image
  .refine((input) => input.body.length > 0 || input.attachments.length > 0, { message: 'validation.required', path: ['body'] });

/**
 * An image attached to a message (or just uploaded, not sent yet). Private: its renditions are read
 * through the conversation's route, `…/conversations/{conversationId}/attachments/{id}/{size}.webp`,
 * by the customer and the firm's team only.
 */
export const attachmentSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  color: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Opens (or finds) the caller's conversation with a firm, by its id or its username. */
export const openConversationSchema = z
  .object({
    firmId: z.string().trim().min(1).max(64).optional(),
    firmUsername: z.string().trim().min(1).max(64).optional(),
  })
  .refine((input) => input.firmId || input.firmUsername, { message: 'validation.required', path: ['firmId'] });
export type OpenConversationInput = z.input<typeof openConversationSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** who wrote it, as the reader sees it: 'firm' (the team) or 'customer' */
  from: z.enum(['firm', 'customer']),
  /** the team member's first name on the firm's side; null for the customer's view of the firm */
  senderName: z.string().nullable(),
  body: z.string(),
  /** its writer's account was deleted: no body, no images; shown as "message deleted" */
  deleted: z.boolean(),
  /** images, in the order the writer attached them */
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  firm: z.object({ id: z.string(), username: z.string(), name: z.string(), imagePath: z.string().nullable() }),
  customer: z.object({ id: z.string(), name: z.string(), flip: z.string(), imagePath: z.string().nullable() }),
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string(),
  lastFrom: z.enum(['firm', 'customer']),
  /** unread messages for the side reading */
  unread: z.number().int().min(0),
  /** the firm's team blocked the customer */
  blocked: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  content: z.array(conversationSchema),
  /** unread messages over all the listed conversations */
  unread: z.number().int().min(0),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messagePageSchema = z.object({
  conversation: conversationSchema,
  /** oldest first */
  content: z.array(messageSchema),
  /** there are older messages: ask again with `before` = the first one's createdAt */
  hasOlder: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messagePageQuerySchema = z.object({
  before: z.string().datetime().optional(),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .default(MESSAGE_PAGE_SIZE)
    .transform((size) => Math.min(size, MESSAGE_PAGE_SIZE)),
});

export const blockCustomerSchema = z.object({ blocked: z.boolean() });

/** The `message` live event: sent to the customer's channel and to the firm's. */
export const liveMessageSchema = z.object({
  conversationId: z.string(),
  firmId: z.string(),
  customerId: z.string(),
  message: messageSchema,
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;
