/**
 * Messages between customers and firms: limits shared by the server's schema (./messages.ts) and
 * the client's composer, apart from zod so entry-chunk code can read them.
 */
export const MESSAGE_MAX = 2000;
/** messages one person may send in a minute (all conversations together) */
export const MESSAGES_PER_MINUTE = 20;
/** a conversation's page of messages */
export const MESSAGE_PAGE_SIZE = 50;
/** images one message may carry */
export const MESSAGE_ATTACHMENTS_MAX = 4;
