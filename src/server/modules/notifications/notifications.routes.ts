import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { LANGUAGES } from '../../../shared/i18n';
import {
  markReadSchema,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unreadCountSchema,
} from '../../../shared/notifications';
import { pagingQuery } from '../../../shared/paging';
import { successSchema } from '../../../shared/auth';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { createNotificationService } from './notifications.service';

const tags = ['Notifications'];
const signedIn = { tags, security: SIGNED_IN, middleware: [requireUser] };

const list = createRoute({
  ...signedIn,
  method: 'get',
  path: '/',
  summary: "The caller's notifications, newest first, with the unread count",
  request: {
    query: z.object({ ...pagingQuery(50, 20), lang: z.enum(LANGUAGES).default('en') }),
  },
  responses: { 200: json(notificationPageSchema, 'A page of notifications in `lang`.', 'NotificationPage'), ...problems(400, 401) },
});
const unread = createRoute({
  ...signedIn,
  method: 'get',
  path: '/unread-count',
  summary: 'How many notifications the caller has not read (the bell)',
  responses: { 200: json(unreadCountSchema, 'The unread count.', 'UnreadCount'), ...problems(401) },
});
const markRead = createRoute({
  ...signedIn,
  method: 'post',
  path: '/read',
  summary: 'Marks some notifications (`ids`) or all (`all: true`) read',
  request: { body: jsonBody(markReadSchema) },
  responses: { 200: json(unreadCountSchema, 'The unread count after it.', 'UnreadCount'), ...problems(400, 401) },
});
const getSettings = createRoute({
  ...signedIn,
  method: 'get',
  path: '/settings',
  summary: 'Per kind of notification: in-app, email, push',
  responses: { 200: json(notificationSettingsSchema, 'The settings.', 'NotificationSettings'), ...problems(401) },
});
const putSettings = createRoute({
  ...signedIn,
  method: 'put',
  path: '/settings',
  summary: 'Changes the channels of the kinds given',
  request: { body: jsonBody(notificationSettingsUpdateSchema) },
  responses: { 200: json(notificationSettingsSchema, 'The settings.', 'NotificationSettings'), ...problems(400, 401) },
});
const pushKey = createRoute({
  method: 'get',
  path: '/push/key',
  tags,
  summary: "The server's VAPID public key (the browser's applicationServerKey)",
  responses: { 200: json(pushKeySchema, 'The key, base64url.', 'PushKey'), ...problems() },
});
const subscribe = createRoute({
  ...signedIn,
  method: 'post',
  path: '/push/subscriptions',
  summary: "Keeps this browser's push subscription for the caller",
  request: { body: jsonBody(pushSubscriptionSchema) },
  responses: { 200: json(successSchema, 'Kept.', 'Success'), ...problems(400, 401) },
});
const unsubscribe = createRoute({
  ...signedIn,
  method: 'post',
  path: '/push/unsubscribe',
  summary: "Forgets this browser's push subscription",
  request: { body: jsonBody(pushUnsubscribeSchema) },
  responses: { 200: json(successSchema, 'Forgotten (or was not there).', 'Success'), ...problems(400, 401) },
});

/** `/api/user/notifications`: the inbox, the bell's count, settings and web push subscriptions. */
export function notificationRoutes(deps: AppDeps) {
  const service = createNotificationService(deps);
  return createRouter()
    .openapi(list, async (c) => {
      const user = await userOf(c);
      const { page, size, lang } = c.req.valid('query');
      return c.json(await service.list(user.id, lang, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(unread, async (c) => {
      const user = await userOf(c);
      return c.json({ unread: await service.unreadCount(user.id) }, 200, PRIVATE_NO_STORE);
    })
    .openapi(markRead, async (c) => {
      const user = await userOf(c);
      return c.json({ unread: await service.markRead(user.id, c.req.valid('json')) }, 200, PRIVATE_NO_STORE);
    })
    .openapi(getSettings, async (c) => {
      const user = await userOf(c);
      return c.json(await service.settings(user.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(putSettings, async (c) => {
      const user = await userOf(c);
      return c.json(await service.updateSettings(user.id, c.req.valid('json')), 200, PRIVATE_NO_STORE);
    })
    .openapi(pushKey, (c) => c.json({ publicKey: service.pushKey() }, 200, { 'Cache-Control': 'public, max-age=3600' }))
    .openapi(subscribe, async (c) => {
      const user = await userOf(c);
      await service.subscribe(user.id, c.req.valid('json'), c.req.header('user-agent') ?? '');
      return c.json({ success: true }, 200, PRIVATE_NO_STORE);
    })
    .openapi(unsubscribe, async (c) => {
      const user = await userOf(c);
      await service.unsubscribe(user.id, c.req.valid('json').endpoint);
      return c.json({ success: true }, 200, PRIVATE_NO_STORE);
    });
}
