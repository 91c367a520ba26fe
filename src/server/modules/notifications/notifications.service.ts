import type { AppDeps } from '../../app-deps';
import {
  NOTIFICATION_KIND_KEYS,
  NOTIFICATION_KINDS,
  type MarkReadInput,
  type NotificationPage,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PushSubscriptionInput,
} from '../../../shared/notifications';
import { badRequest } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { paged } from '../../lib/paging';
import { appPushSender, publishUnread, unreadCount } from './notify';
import { renderNotification } from './texts';

/** The inbox, the per-kind channel settings and the push subscriptions of the signed-in user. */
export function createNotificationService(deps: AppDeps) {
  const { db, clock } = deps;

  async function list(userId: string, language: string, page: number, size: number): Promise<NotificationPage> {
    const [count, rows, unread] = await Promise.all([
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('notifications as n')
        .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'n.actor_id').on('a.status_code', '=', 1))
        .select([
          'n.id',
          'n.kind',
          'n.params',
          'n.link',
          'n.created_at',
          'n.read_at',
          'a.first_name',
          'a.last_name',
          'a.flip',
          'a.image_path',
        ])
        .where('n.user_id', '=', userId)
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
      unreadCount(deps, userId),
    ]);
    const content = rows.map((row) => {
      let params: Record<string, unknown> = {};
      try {
        params = JSON.parse(row.params) as Record<string, unknown>;
      } catch {
        // a row written by hand; its texts show without params
      }
      return {
        id: row.id,
        kind: row.kind,
        ...renderNotification(language, row.kind, params),
        link: row.link,
        createdAt: row.created_at,
        readAt: row.read_at,
        actor: row.flip ? { name: `${row.first_name} ${row.last_name}`.trim(), flip: row.flip, imagePath: row.image_path } : null,
      };
    });
    return { ...paged(content, page, size, Number(count.n)), unread };
  }

  async function markRead(userId: string, input: MarkReadInput): Promise<number> {
    let update = db
      .updateTable('notifications')
      .set({ read_at: clock().toISOString() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if ('ids' in input) update = update.where('id', 'in', input.ids);
    await update.execute();
    // every open page of this user (other tabs, the phone) updates its bell
    return publishUnread(deps, userId);
  }

  async function settings(userId: string): Promise<NotificationSettings> {
    const [rows, devices] = await Promise.all([
      db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).execute(),
      db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const chosen = new Map(rows.map((row) => [row.kind, row]));
    return {
      kinds: NOTIFICATION_KIND_KEYS.map((kind) => {
        const row = chosen.get(kind);
        return row
          ? { kind, inApp: row.in_app === 1, email: row.email === 1, push: row.push === 1 }
          : { kind, ...NOTIFICATION_KINDS[kind].defaults };
      }),
      pushDevices: Number(devices.n),
    };
  }

  async function updateSettings(userId: string, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
    const kinds = new Set(input.kinds.map((k) => k.kind));
    if (kinds.size !== input.kinds.length) throw badRequest('Each kind may appear once.', { kinds: ['validation.duplicate'] });
    await db.transaction().execute(async (trx) => {
      for (const k of input.kinds) {
        const values = { in_app: Number(k.inApp), email: Number(k.email), push: Number(k.push) };
        await trx
          .insertInto('notification_settings')
          .values({ user_id: userId, kind: k.kind, ...values })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
          .execute();
      }
    });
    return settings(userId);
  }

  /** Keeps a browser's subscription (one row per endpoint: the same browser signing in as someone else moves it). */
  async function subscribe(userId: string, input: PushSubscriptionInput, userAgent: string): Promise<void> {
    if (!appPushSender(deps).allowsEndpoint(input.endpoint)) {
      throw badRequest('This push service is not supported.', { endpoint: ['validation.pushEndpoint'] });
    }
    const values = { user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, user_agent: userAgent.slice(0, 512) };
    await db
      .insertInto('push_subscriptions')
      .values({ id: randomId(), endpoint: input.endpoint, created_at: clock().toISOString(), ...values })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
      .execute();
  }

  async function unsubscribe(userId: string, endpoint: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
  }

  return {
    list,
    unreadCount: (userId: string) => unreadCount(deps, userId),
    markRead,
    settings,
    updateSettings,
    subscribe,
    unsubscribe,
    pushKey: () => appPushSender(deps).publicKey,
  };
}
