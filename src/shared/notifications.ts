import { z } from 'zod';
import { pagedSchema } from './paging';

/**
 * Notifications: every kind the app sends, what its texts say and where it leads.
 *
 * HOW TO NOTIFY (server): `await notify(deps, { to: userId | userIds, kind, params, actorId? })`
 * from src/server/modules/notifications/notify.ts. It stores one inbox row per recipient (the
 * in-app channel), updates their bell live (src/server/lib/realtime.ts), and sends the email and
 * web push each recipient allows for that kind. It never throws for a failed email or push (they
 * are logged); call it after your own transaction has committed.
 *
 * HOW TO ADD A KIND: one entry below (its params and link), then its texts in
 * src/server/modules/notifications/texts/{en,ar,fr}.json (`title`, `body`; `{{param}}` is
 * replaced by the param) and its label in src/client/locales/{en,ar,fr}/notifications.json
 * (`kinds.<text key>`, shown on the notification settings page).
 *
 * The kinds:
 * - `friend.request`     {name, flip}                     someone asked to be your friend → their profile
 * - `friend.accepted`    {name, flip}                     your request was accepted → their profile
 * - `team.invitation`    {firmName, invitationId}         invited to a firm's team → the business list
 * - `ticket.purchased`   {eventName, orderReference}      your order is paid → the order
 * - `ticket.transferred` {eventName, fromName, orderReference} a friend gave you a ticket → the order
 * - `order.ready`        {firmName, orderReference, table} the firm made your order ready: to collect, or (`table`)
 *   on its way to your table → the order
 * - `order.collected`    {firmName, orderReference}      the firm handed your shop order over → the order
 * - `order.refunded`     {firmName, orderReference, amount} the firm refunded your order, or part of it → the order
 * - `waitlist.offer`     {eventName, tierName, quantity, until, eventShortId, categoryId} places came back and are held
 *   for you until `until` → the event's purchase form for that tier
 * - `waitlist.productOffer` {productName, firmName, quantity, until, productShortId} a sold-out product came back and
 *   units are held for you until `until` → the product's page
 * - `event.cancelled`    {eventName, firmName, eventShortId}   an event you hold tickets for is off → the event
 * - `firm.event`         {firmName, eventName, eventShortId}   a firm you follow published an event → the event
 * - `firm.post`          {firmName, postName, postShortId}     a firm you follow published a post → the post
 * - `firm.announcement`  {firmName, firmUsername, text}        a firm you follow announced something → the firm
 * - `firm.offer`         {firmName, firmUsername, code, offer}  a firm you follow made an offer for its followers:
 *   `offer` is what it takes off, worded in the recipient's language → the firm
 * - `follow.approved`    {firmName, firmUsername}              a firm approved your request to follow it → the firm
 * - `message.received`   {senderName, conversationId}          a firm answered you → the conversation
 * - `message.customer`   {senderName, firmName, firmId, conversationId} a customer wrote to your firm → the workspace inbox
 * - `review.received`    {firmName, firmUsername, rating}      your firm was reviewed → its reviews
 * - `review.reply`       {firmName, firmUsername}              a firm answered your review → its reviews
 * - `payment.mismatch`   {firmName, orderReference}            a payment for your firm's order was refused: the provider took another amount or currency → the order
 * - `moderation.warned`, `.hidden`, `.terminated`, `.restored` {targetName, reason, actionId}, `.suspended` with {until}:
 *   an admin acted on what was reported about you, with their reason → the notice, where you may appeal once
 * - `moderation.reassigned` {targetName, reason, actionId, username}   an admin took your firm's username, which is
 *   `username` now → the notice, where you may appeal once
 */
export const NOTIFICATION_KINDS = {
  'friend.request': kind<{ name: string; flip: string }>('friendRequest', (p) => `/profile/${p.flip}`, 'social'),
  'friend.accepted': kind<{ name: string; flip: string }>('friendAccepted', (p) => `/profile/${p.flip}`, 'social'),
  'team.invitation': kind<{ firmName: string; invitationId: string }>(
    'teamInvitation',
    (p) => `/business?invitation=${encodeURIComponent(p.invitationId)}`,
    'business',
    { email: true },
  ),
  // No email by default: the order sends its own transactional mails (receipt, ticket for you) to buyer and holders.
  'ticket.purchased': kind<{ eventName: string; orderReference: string }>(
    'ticketPurchased',
    (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
    'tickets',
  ),
  'ticket.transferred': kind<{ eventName: string; fromName: string; orderReference: string }>(
    'ticketTransferred',
    (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
    'tickets',
  ),
  // No email by default: the paid order sends its own mail, with where and when to collect or where it comes.
  'order.confirmed': kind<{ firmName: string; orderReference: string }>(
    'orderConfirmed',
    (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
    'tickets',
  ),
  // `table`: the table the order was sent from ('' for one to collect), where the staff bring it
  'order.ready': {
    ...kind<{ firmName: string; orderReference: string; table: string }>(
      'orderReady',
      (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
      'tickets',
    ),
    textFor: (p: { table?: string }) => (p.table ? 'orderReadyAtTable' : 'orderReady'),
  },
  'order.collected': kind<{ firmName: string; orderReference: string }>(
    'orderCollected',
    (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
    'tickets',
  ),
  // No email by default: the refund sends its own mail, with the amount and the firm's reason.
  'order.refunded': kind<{ firmName: string; orderReference: string; amount: string }>(
    'orderRefunded',
    (p) => `/profile/orders/${encodeURIComponent(p.orderReference)}`,
    'tickets',
  ),
  // by email too: the held seats pass to the next in line when the member does not come in time
  'waitlist.offer': kind<{
    eventName: string;
    tierName: string;
    quantity: number;
    until: string;
    eventShortId: string;
    categoryId: string;
  }>('waitlistOffer', (p) => `/event/${p.eventShortId}?tier=${encodeURIComponent(p.categoryId)}`, 'tickets', { email: true }),
  // the same for a product: its page, where the held units go in the cart
  'waitlist.productOffer': kind<{ productName: string; firmName: string; quantity: number; until: string; productShortId: string }>(
    'waitlistProductOffer',
    (p) => `/product/${p.productShortId}`,
    'tickets',
    { email: true },
  ),
  'event.cancelled': kind<{ eventName: string; firmName: string; eventShortId: string }>(
    'eventCancelled',
    (p) => `/event/${p.eventShortId}`,
    'tickets',
    { email: true },
  ),
  'firm.event': kind<{ firmName: string; eventName: string; eventShortId: string }>(
    'firmEvent',
    (p) => `/event/${p.eventShortId}`,
    'following',
  ),
  'firm.post': kind<{ firmName: string; postName: string; postShortId: string }>('firmPost', (p) => `/blog/${p.postShortId}`, 'following'),
  'firm.announcement': kind<{ firmName: string; firmUsername: string; text: string }>(
    'firmAnnouncement',
    (p) => `/${p.firmUsername}`,
    'following',
  ),
  // by email too, unless the follower did not consent to the firm's marketing mail (notify's `email: false`)
  'firm.offer': kind<{ firmName: string; firmUsername: string; code: string; offer: string }>(
    'firmOffer',
    (p) => `/${p.firmUsername}`,
    'following',
    { email: true },
  ),
  'follow.approved': kind<{ firmName: string; firmUsername: string }>('followApproved', (p) => `/${p.firmUsername}`, 'following'),
  'message.received': kind<{ senderName: string; conversationId: string }>(
    'messageReceived',
    (p) => `/profile/messages/${p.conversationId}`,
    'messages',
  ),
  'message.customer': kind<{ senderName: string; firmName: string; firmId: string; conversationId: string }>(
    'messageCustomer',
    (p) => `/workspace/customers?conversation=${p.conversationId}`,
    'business',
  ),
  'review.received': kind<{ firmName: string; firmUsername: string; rating: number }>(
    'reviewReceived',
    (p) => `/${p.firmUsername}#reviews`,
    'business',
  ),
  'review.reply': kind<{ firmName: string; firmUsername: string }>('reviewReply', (p) => `/${p.firmUsername}#reviews`, 'social'),
  // money moved that the order did not ask for: the owner hears of it by mail too
  'payment.mismatch': kind<{ firmName: string; orderReference: string }>(
    'paymentMismatch',
    (p) => `/workspace/orders/${encodeURIComponent(p.orderReference)}`,
    'business',
    { email: true },
  ),
  'moderation.warned': moderation('moderationWarned'),
  'moderation.hidden': moderation('moderationHidden'),
  'moderation.suspended': kind<{ targetName: string; reason: string; actionId: string; until: string }>(
    'moderationSuspended',
    (p) => moderationLink(p.actionId),
    'account',
    { email: true },
  ),
  'moderation.terminated': moderation('moderationTerminated'),
  'moderation.restored': moderation('moderationRestored'),
  'moderation.reassigned': kind<{ targetName: string; reason: string; actionId: string; username: string }>(
    'moderationReassigned',
    (p) => moderationLink(p.actionId),
    'account',
    { email: true },
  ),
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type NotificationParams<K extends NotificationKind> = Parameters<(typeof NOTIFICATION_KINDS)[K]['link']>[0];
export const NOTIFICATION_KIND_KEYS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The groups the settings page shows the kinds in. */
export const NOTIFICATION_GROUPS = ['social', 'messages', 'following', 'tickets', 'business', 'account'] as const;
type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelSwitches = Record<NotificationChannel, boolean>;

interface KindDefinition<P> {
  /** the key of its texts: `<text>.title` and `<text>.body` on the server, `kinds.<text>` in the client's settings */
  text: string;
  /** the app path of its subject */
  link: (params: P) => string;
  group: NotificationGroup;
  /** which channels are on until the user says otherwise */
  defaults: ChannelSwitches;
  /** the key of the texts for these params, where one kind reads differently by case (else `text`) */
  textFor?: (params: P) => string;
}

function kind<P extends Record<string, string | number>>(
  text: string,
  link: (params: P) => string,
  group: NotificationGroup,
  defaults: Partial<ChannelSwitches> = {},
): KindDefinition<P> {
  return { text, link, group, defaults: { inApp: true, email: false, push: true, ...defaults } };
}

function moderationLink(actionId: string): string {
  return `/profile/help/moderation/${encodeURIComponent(actionId)}`;
}

/** An admin's action told to the member it concerns, by email too: a suspended member cannot open the inbox. */
function moderation(text: string) {
  return kind<{ targetName: string; reason: string; actionId: string }>(text, (p) => moderationLink(p.actionId), 'account', {
    email: true,
  });
}

/** The path a notification of this kind leads to. */
export function notificationLink<K extends NotificationKind>(kindKey: K, params: NotificationParams<K>): string {
  return (NOTIFICATION_KINDS[kindKey].link as (p: NotificationParams<K>) => string)(params);
}

// ---- API shapes ----

const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** who caused it (a person's picture and name), when a person did */
  actor: z.object({ name: z.string(), flip: z.string(), imagePath: z.string().nullable() }).nullable(),
});
export type InboxNotification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = pagedSchema(notificationSchema).extend({ unread: z.number().int().min(0) });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Marks some (ids) or all (`all: true`) of the caller's notifications read. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof markReadSchema>;

const switchesSchema = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
export const notificationSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KIND_KEYS as [NotificationKind, ...NotificationKind[]]), ...switchesSchema.shape })),
  /** how many browsers of this account receive web push */
  pushDevices: z.number().int().min(0),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsUpdateSchema = z.object({
  kinds: notificationSettingsSchema.shape.kinds.max(NOTIFICATION_KIND_KEYS.length),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  /** the push service's URL: the server only posts to the known push services (notifications.service.ts) */
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(16).max(256), auth: z.string().min(8).max(64) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().url().max(2048) });
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What a push message carries to the service worker (sw/sw.ts shows it). */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  /** one notification per kind and subject: a newer one replaces it */
  tag: string;
  id: string;
  /** the recipient's language: the worker sets the notification's lang and direction */
  lang: string;
}

/** The key of a notification's texts for its params (`textFor`, else the kind's own). */
export function notificationTextKey(kind: NotificationKind, params: Record<string, unknown>): string {
  // each kind's `textFor` reads its own params, which are what this notification was sent with
  const definition = NOTIFICATION_KINDS[kind] as KindDefinition<Record<string, unknown>>;
  return definition.textFor?.(params) ?? definition.text;
}
