import type { AppDeps } from '../../app-deps';
import {
  announcementInputSchema,
  announcementPageSchema,
  announcementQuerySchema,
  announcementSchema,
} from '../../../shared/announcements';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createAnnouncementService } from './announcements.service';

const tags = ['Workspace: announcements'];
const security = SIGNED_IN;

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('announcements.send')],
  summary: "The firm's sent announcements, the latest first, each with how many followers it reached",
  request: { query: announcementQuerySchema },
  responses: { 200: json(announcementPageSchema, 'A page of announcements.', 'AnnouncementPage'), ...problems(400, 401, 403) },
});
const send = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('announcements.send')],
  summary: "Sends an announcement (at most 500 characters) to the firm's followers",
  description:
    'Each follower gets a `firm.announcement` notification: in-app, and by email or push as they chose. Needs a plan with ' +
    'ANNOUNCEMENTS (403 `plan_limit` names the plan and `requiredPlan`); at most 5 in 24 hours per firm (429 `announcement_limit`).',
  request: { query: firmIdQuerySchema, body: { required: true, content: { 'application/json': { schema: announcementInputSchema } } } },
  responses: { 201: json(announcementSchema, 'The announcement, sent.', 'Announcement'), ...problems(400, 401, 403, 429) },
});

/** `/api/dashboard/announcements`: a firm's announcements to its followers. */
export function announcementRoutes(deps: AppDeps) {
  const announcements = createAnnouncementService(deps);
  return createRouter()
    .openapi(list, async (c) => {
      const { firmId, page, size } = c.req.valid('query');
      return c.json(await announcements.list(firmId, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(send, async (c) => {
      const employment = employmentOf(c);
      return c.json(await announcements.send(employment.firmId, employment.userId, c.req.valid('json').text), 201, PRIVATE_NO_STORE);
    });
}
