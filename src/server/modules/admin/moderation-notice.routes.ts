import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { appealInputSchema, memberModerationSchema } from '../../../shared/moderation';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { createModerationService } from './moderation.service';

const signedIn = { tags: ['Moderation'], security: SIGNED_IN, middleware: [requireUser] };
const params = z.object({ actionId: z.string().min(1).max(64) });

const notice = createRoute({
  ...signedIn,
  method: 'get',
  path: '/{actionId}',
  summary: 'What an admin did about the caller or their content, and why (only the member it concerns)',
  request: { params },
  responses: { 200: json(memberModerationSchema, 'The notice.', 'ModerationNotice'), ...problems(401, 404) },
});

const appeal = createRoute({
  ...signedIn,
  method: 'post',
  path: '/{actionId}/appeal',
  summary: 'The member’s one appeal against the action: it goes back to the review queue',
  request: { params, body: jsonBody(appealInputSchema) },
  responses: { 200: json(memberModerationSchema, 'Appealed.', 'ModerationNotice'), ...problems(400, 401, 404, 409) },
});

/** `/api/user/moderation`: the member's side of an admin's action. */
export function moderationNoticeRoutes(deps: AppDeps) {
  const service = createModerationService(deps);
  return createRouter()
    .openapi(notice, async (c) =>
      c.json(await service.memberView((await userOf(c)).id, c.req.valid('param').actionId), 200, PRIVATE_NO_STORE),
    )
    .openapi(appeal, async (c) => {
      const user = await userOf(c);
      return c.json(await service.appeal(user.id, c.req.valid('param').actionId, c.req.valid('json').text), 200, PRIVATE_NO_STORE);
    });
}
