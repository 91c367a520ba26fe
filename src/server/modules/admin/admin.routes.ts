import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  adminFeatureListSchema,
  adminFirmListSchema,
  adminFirmProfileSchema,
  adminMeSchema,
  adminSearchQuerySchema,
  adminUserListSchema,
  adminUserProfileSchema,
  auditLogQuerySchema,
  auditLogSchema,
  featureSwitchInputSchema,
  documentOpenQuerySchema,
  figuresQuerySchema,
  platformFiguresSchema,
} from '../../../shared/admin';
import { FEATURE_KEYS } from '../../../shared/feature-keys';
import { moderationActionInputSchema, moderationActionSchema, reviewQueueSchema } from '../../../shared/moderation';
import { userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { firmLegalSchema } from '../../../shared/firm-legal';
import { downloadHeaders } from '../firm-legal/firm-legal.service';
import { requirePlatformAdmin } from './admin-access';
import { readAuditLog } from './audit-log';
import { createAdminService } from './admin.service';
import { createModerationService } from './moderation.service';
import { readReviewQueue } from './review-queue';

const tags = ['Admin'];
const base = { tags, security: SIGNED_IN };

const me = createRoute({
  ...base,
  method: 'get',
  path: '/me',
  summary: 'The platform admin calling (404 for everyone else, and for all while the area is off)',
  responses: { 200: json(adminMeSchema, 'The admin.', 'AdminMe'), ...problems(404) },
});
const features = createRoute({
  ...base,
  method: 'get',
  path: '/features',
  summary: 'Every feature flag with its start value and the last switch an admin set',
  responses: { 200: json(adminFeatureListSchema, 'The flags.', 'AdminFeatureList'), ...problems(404) },
});
const switchFeature = createRoute({
  ...base,
  method: 'put',
  path: '/features/{key}',
  summary: 'Switches a feature on or off on every instance within seconds, with a reason for the audit log',
  request: { params: z.object({ key: z.enum(FEATURE_KEYS) }), body: jsonBody(featureSwitchInputSchema) },
  responses: { 200: json(adminFeatureListSchema, 'The flags after the switch.', 'AdminFeatureList'), ...problems(400, 404) },
});
const auditLog = createRoute({
  ...base,
  method: 'get',
  path: '/audit-log',
  summary: 'What admins did, newest first (append-only)',
  request: { query: auditLogQuerySchema },
  responses: { 200: json(auditLogSchema, 'A page of the log.', 'AuditLog'), ...problems(400, 404) },
});
const users = createRoute({
  ...base,
  method: 'get',
  path: '/users',
  summary: 'Members by name, email, flip or id (the newest without a query)',
  request: { query: adminSearchQuerySchema },
  responses: { 200: json(adminUserListSchema, 'Up to 50 members.', 'AdminUserList'), ...problems(400, 404) },
});
const userProfile = createRoute({
  ...base,
  method: 'get',
  path: '/users/{userId}',
  summary: 'A member as admins see them: status, firms, reports about and by them, actions taken',
  request: { params: z.object({ userId: z.string().min(1).max(64) }) },
  responses: { 200: json(adminUserProfileSchema, 'The member.', 'AdminUserProfile'), ...problems(404) },
});
const firms = createRoute({
  ...base,
  method: 'get',
  path: '/firms',
  summary: 'Firms by name, username or id (the newest without a query), with their owners',
  request: { query: adminSearchQuerySchema },
  responses: { 200: json(adminFirmListSchema, 'Up to 50 firms.', 'AdminFirmList'), ...problems(400, 404) },
});
/**
 * The admin's view of a firm with its legal details and documents: built here rather than in shared/admin.ts so that
 * the admin area's code, which reads the answer's type only, does not carry the legal schemas.
 */
export const adminFirmLegalProfileSchema = adminFirmProfileSchema.extend({ legal: firmLegalSchema });
const firmProfile = createRoute({
  ...base,
  method: 'get',
  path: '/firms/{firmId}',
  summary: 'A firm as admins see it: status, owners, reports about it, actions taken',
  request: { params: z.object({ firmId: z.string().min(1).max(64) }) },
  responses: { 200: json(adminFirmLegalProfileSchema, 'The firm.', 'AdminFirmProfile'), ...problems(404) },
});
const firmDocument = createRoute({
  ...base,
  method: 'get',
  path: '/firms/{firmId}/documents/{documentId}',
  summary: "One of a firm's official documents, as a download; the opening and its reason go to the audit log",
  request: {
    params: z.object({ firmId: z.string().min(1).max(64), documentId: z.string().min(1).max(64) }),
    query: documentOpenQuerySchema,
  },
  responses: { 200: { description: 'The file.' }, ...problems(400, 404) },
});
const figures = createRoute({
  ...base,
  method: 'get',
  path: '/figures',
  summary: 'New members, firms, orders and reports per UTC day',
  request: { query: figuresQuerySchema },
  responses: { 200: json(platformFiguresSchema, 'One row per day, oldest first.', 'PlatformFigures'), ...problems(400, 404) },
});

const reviewQueue = createRoute({
  ...base,
  method: 'get',
  path: '/review-queue',
  summary: 'Open reports grouped by what they are about, with a preview, the reporters and any appeal',
  responses: { 200: json(reviewQueueSchema, 'Up to 100 groups, the latest reported first.', 'ReviewQueue'), ...problems(404) },
});

const moderate = createRoute({
  ...base,
  method: 'post',
  path: '/review-queue/actions',
  summary: 'Dismisses, warns, hides, suspends, terminates, restores or reassigns a firm username, with a reason the member is told',
  request: { body: jsonBody(moderationActionInputSchema) },
  responses: { 200: json(moderationActionSchema, 'Done, logged and told.', 'ModerationAction'), ...problems(400, 404, 409) },
});

/** `/api/admin`: the operator's area; every route behind `requirePlatformAdmin` (404 for all others). */
export function adminApi(deps: AppDeps) {
  const service = createAdminService(deps);
  const moderation = createModerationService(deps);
  const router = createRouter();
  router.use('*', requirePlatformAdmin(deps.db, deps.env));
  return router
    .openapi(me, async (c) => {
      return c.json(await service.me((await userOf(c)).id), 200, PRIVATE_NO_STORE);
    })
    .openapi(features, async (c) => c.json(await service.listFeatures(), 200, PRIVATE_NO_STORE))
    .openapi(switchFeature, async (c) => {
      const user = await userOf(c);
      return c.json(await service.switchFeature(user.id, c.req.valid('param').key, c.req.valid('json')), 200, PRIVATE_NO_STORE);
    })
    .openapi(auditLog, async (c) => c.json(await readAuditLog(deps.db, c.req.valid('query').before), 200, PRIVATE_NO_STORE))
    .openapi(users, async (c) => c.json(await service.searchUsers(c.req.valid('query').q), 200, PRIVATE_NO_STORE))
    .openapi(userProfile, async (c) => c.json(await service.userProfile(c.req.valid('param').userId), 200, PRIVATE_NO_STORE))
    .openapi(firms, async (c) => c.json(await service.searchFirms(c.req.valid('query').q), 200, PRIVATE_NO_STORE))
    .openapi(firmProfile, async (c) => c.json(await service.firmProfile(c.req.valid('param').firmId), 200, PRIVATE_NO_STORE))
    .openapi(firmDocument, async (c) => {
      const user = await userOf(c);
      const { firmId, documentId } = c.req.valid('param');
      const { document, bytes } = await service.firmDocument(user.id, firmId, documentId, c.req.valid('query').reason);
      return c.body(new Uint8Array(bytes), 200, downloadHeaders(document));
    })
    .openapi(figures, async (c) => c.json({ days: await service.figures(c.req.valid('query').days) }, 200, PRIVATE_NO_STORE))
    .openapi(reviewQueue, async (c) => c.json(await readReviewQueue(deps.db, deps.clock().toISOString()), 200, PRIVATE_NO_STORE))
    .openapi(moderate, async (c) => {
      const user = await userOf(c);
      return c.json(await moderation.act(user.id, c.req.valid('json')), 200, PRIVATE_NO_STORE);
    });
}
