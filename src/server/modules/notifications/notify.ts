import type { Selectable } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import {
  NOTIFICATION_KINDS,
  notificationLink,
  type ChannelSwitches,
  type NotificationKind,
  type NotificationParams,
  type PushPayload,
} from '../../../shared/notifications';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { randomId } from '../../lib/ids';
import { pushSender } from '../../lib/push';
import { channels } from '../../lib/realtime';
import { notificationMail, renderNotification } from './texts';

/** Ids in the statements that read many people at once, and rows a notice writes per statement: under both databases' limits of parameters. */
const IDS_PER_READ = 1000;
const ROWS_PER_INSERT = 500;

/**
 * notify(): the one way to tell people something (kinds, params and links: src/shared/notifications.ts).
 *
 *   await notify(deps, { to: friendId, kind: 'friend.accepted', params: { name, flip }, actorId: me });
 *
 * - `to`: one user id or several; the actor never notifies themself, and nobody is notified by
 *   someone they blocked or who blocked them.
 * - For each recipient, the channels they chose for this kind (else the kind's defaults):
 *   in-app (an inbox row, and their bell updates live), email (in their language), web push (to each
 *   subscribed browser; a subscription the push service no longer knows is deleted).
 * - Call it after your transaction has committed. It never throws: a failed email or push is
 *   logged. It waits for the deliveries (a push is capped at 5 s); for a large audience (all the
 *   followers of a firm), don't await it: `void notify(...)`.
 */
export interface NotifyInput<K extends NotificationKind> {
  to: string | readonly string[];
  kind: K;
  params: NotificationParams<K>;
  /** the person who caused it: shown with it, and never notified of their own action */
  actorId?: string;
  /** false: never by email, whatever the recipients chose (marketing mail they did not consent to) */
  email?: false;
}

export async function notify<K extends NotificationKind>(deps: AppDeps, input: NotifyInput<K>): Promise<void> {
  try {
    await deliver(deps, input);
  } catch (error) {
    deps.logger.error({ err: error, kind: input.kind }, 'notification failed');
  }
}

async function deliver<K extends NotificationKind>(deps: AppDeps, input: NotifyInput<K>): Promise<void> {
  const { db, clock, logger } = deps;
  const definition = NOTIFICATION_KINDS[input.kind];
  let recipients = [...new Set(typeof input.to === 'string' ? [input.to] : input.to)].filter((id) => id && id !== input.actorId);
  if (recipients.length === 0) return;
  if (input.actorId) {
    const blocked = await blockedWith(deps, input.actorId, recipients);
    recipients = recipients.filter((id) => !blocked.has(id));
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', 'in', recipients)
    .where('status_code', '=', 1)
    .execute();
  if (users.length === 0) return;
  const overrides = await db
    .selectFrom('notification_settings')
    .selectAll()
    .where('kind', '=', input.kind)
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  const switches = new Map<string, ChannelSwitches>(
    overrides.map((row) => [row.user_id, { inApp: row.in_app === 1, email: row.email === 1, push: row.push === 1 }]),
  );
  const channelsOf = (userId: string) => switches.get(userId) ?? definition.defaults;

  const link = notificationLink(input.kind, input.params);
  const params = JSON.stringify(input.params);
  const createdAt = clock().toISOString();
  const inApp = users.filter((u) => channelsOf(u.id).inApp);
  const ids = new Map(users.map((u) => [u.id, randomId()]));
  if (inApp.length) {
    for (let start = 0; start < inApp.length; start += ROWS_PER_INSERT) {
      await db
        .insertInto('notifications')
        .values(
          inApp.slice(start, start + ROWS_PER_INSERT).map((u) => ({
            id: ids.get(u.id)!,
            user_id: u.id,
            kind: input.kind,
            params,
            link,
            actor_id: input.actorId ?? null,
            created_at: createdAt,
            read_at: null,
          })),
        )
        .execute();
    }
    // one count for all of them: a notice to a firm's whole staff is one read, not one per person
    const unread = await unreadCounts(
      deps,
      inApp.map((u) => u.id),
    );
    await Promise.all(
      inApp.map((u) => deps.realtime.publish(channels.user(u.id), { type: 'notifications', data: { unread: unread.get(u.id) ?? 0 } })),
    );
  }

  const deliveries: Promise<unknown>[] = [];
  const subscriptionsOf = await pushSubscriptionsOf(
    deps,
    users.filter((u) => channelsOf(u.id).push).map((u) => u.id),
  );
  for (const user of users) {
    const wanted = channelsOf(user.id);
    const texts = renderNotification(user.language, input.kind, input.params as Record<string, unknown>);
    if (wanted.email && input.email !== false && user.email) {
      deliveries.push(
        deps.mail
          .send({
            to: user.email,
            language: user.language,
            template: notificationMail,
            params: {
              kind: input.kind,
              params: input.params as Record<string, unknown>,
              url: `${deps.env.publicUrl}${link}`,
              settingsUrl: `${deps.env.publicUrl}/profile/notifications?tab=settings`,
            },
          })
          .catch((error: unknown) => logger.warn({ err: error, kind: input.kind }, 'notification email failed')),
      );
    }
    const subscriptions = subscriptionsOf.get(user.id);
    if (wanted.push && subscriptions) {
      deliveries.push(
        pushTo(deps, user.id, subscriptions, {
          ...texts,
          link,
          tag: `${input.kind}:${link}`,
          id: ids.get(user.id)!,
          lang: user.language,
        }).catch((error: unknown) => logger.warn({ err: error, kind: input.kind }, 'web push failed')),
      );
    }
  }
  await Promise.all(deliveries);
}

/** Recipients who blocked the actor or were blocked by them. */
async function blockedWith(deps: AppDeps, actorId: string, recipients: string[]): Promise<Set<string>> {
  const rows = await deps.db
    .selectFrom('friendships')
    .select(['requester_id', 'addressee_id'])
    .where('status', 'in', [FRIENDSHIP_STATUS.blocked, FRIENDSHIP_STATUS.blockedBoth])
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', actorId), eb('addressee_id', 'in', recipients)]),
        eb.and([eb('addressee_id', '=', actorId), eb('requester_id', 'in', recipients)]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => (row.requester_id === actorId ? row.addressee_id : row.requester_id)));
}

/** The push sender of this app (its VAPID keys: lib/secrets.ts). */
export function appPushSender(deps: AppDeps) {
  return pushSender({
    keys: deps.secrets.vapid,
    publicUrl: deps.env.publicUrl,
    extraOrigins: deps.env.PUSH_ENDPOINT_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  });
}

type PushSubscriptionRow = Selectable<Database['push_subscriptions']>;

/** The browsers each of `userIds` subscribed to pushes, read in a few statements however many people. */
async function pushSubscriptionsOf(deps: AppDeps, userIds: string[]): Promise<Map<string, PushSubscriptionRow[]>> {
  const byUser = new Map<string, PushSubscriptionRow[]>();
  for (let start = 0; start < userIds.length; start += IDS_PER_READ) {
    const rows = await deps.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', 'in', userIds.slice(start, start + IDS_PER_READ))
      .execute();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }
  return byUser;
}

/** Sends a push to every browser the user subscribed; deletes the subscriptions that are gone. */
async function pushTo(deps: AppDeps, userId: string, subscriptions: PushSubscriptionRow[], payload: PushPayload): Promise<void> {
  const sender = appPushSender(deps);
  const outcomes = await Promise.all(subscriptions.map((subscription) => sender.send(subscription, payload)));
  const gone = subscriptions.filter((_, index) => outcomes[index] === 'gone').map((subscription) => subscription.id);
  if (gone.length) {
    await deps.db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
    deps.logger.info({ userId, removed: gone.length }, 'expired push subscriptions removed');
  }
}

/** Tells the user's open pages their unread count (the bell). */
export async function publishUnread(deps: AppDeps, userId: string): Promise<number> {
  const unread = await unreadCount(deps, userId);
  await deps.realtime.publish(channels.user(userId), { type: 'notifications', data: { unread } });
  return unread;
}

/** The unread counts of many people, a few statements however many (people without any are left out). */
async function unreadCounts(deps: Pick<AppDeps, 'db'>, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += IDS_PER_READ) {
    const rows = await deps.db
      .selectFrom('notifications')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', userIds.slice(start, start + IDS_PER_READ))
      .where('read_at', 'is', null)
      .groupBy('user_id')
      .execute();
    for (const row of rows) counts.set(row.user_id, Number(row.n));
  }
  return counts;
}

export async function unreadCount(deps: Pick<AppDeps, 'db'>, userId: string): Promise<number> {
  const row = await deps.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
