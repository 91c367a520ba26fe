import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  attendeeListSchema,
  checkinListSchema,
  checkinLogPageSchema,
  checkinLogQuerySchema,
  checkinScanSchema,
  scanBatchSchema,
  syncResponseSchema,
} from '../../../shared/checkin';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment, type FirmFrom } from '../../lib/permissions';
import { requestLanguage } from '../../../shared/request-language';
import { attendeeList, attendeesCsv } from './attendees';
import { createCheckinService, firmOfScan } from './checkin.service';

const tags = ['Workspace: check-in'];
const security = SIGNED_IN;
const eventParam = z.object({ eventId: z.string().min(1).max(64) });
const scanParam = z.object({ scanId: z.string().min(1).max(64) });
const eventFirm = entityFirm('events', 'eventId');
/** The firm of the event of the scan the path names. */
const scanFirm: FirmFrom = async (c, db) => {
  const scanId = c.req.param('scanId');
  if (!scanId) return undefined;
  return firmOfScan(db, scanId);
};

const list = createRoute({
  method: 'get',
  path: '/events/{eventId}/list',
  tags,
  security,
  middleware: [requireEmployment('checkin.scan', eventFirm)],
  summary: "The event's tickets for a check-in device, its code-signing key, the admissions so far and the counts per tier",
  description:
    'Each ticket is `[id, tier index, holder name, status]` (0 valid, 1 not yet valid, 2 void). The key lets the device check codes with no connection; only the firm’s team gets it.',
  request: { params: eventParam },
  responses: { 200: json(checkinListSchema, 'The list.', 'CheckinList'), ...problems(401, 403, 404) },
});
const sync = createRoute({
  method: 'post',
  path: '/events/{eventId}/scans',
  tags,
  security,
  middleware: [requireEmployment('checkin.scan', eventFirm)],
  summary: "Uploads a device's scans in order (each recorded once per nonce) and answers every change after `since`",
  description:
    'An online scan of a ticket already admitted is refused; an offline admission is kept and the later of two is flagged `conflict`. A retried batch answers as the first time and changes nothing.',
  request: { params: eventParam, body: jsonBody(scanBatchSchema) },
  responses: { 200: json(syncResponseSchema, 'The outcomes and the changes.', 'CheckinSync'), ...problems(400, 401, 403, 404) },
});
const log = createRoute({
  method: 'get',
  path: '/events/{eventId}/log',
  tags,
  security,
  middleware: [requireEmployment('checkin.scan', eventFirm)],
  summary: "The event's check-in log, newest first: time, device, team member, outcome",
  request: { params: eventParam, query: checkinLogQuerySchema },
  responses: { 200: json(checkinLogPageSchema, 'A page of scans.', 'CheckinLogPage'), ...problems(400, 401, 403, 404) },
});
const undo = createRoute({
  method: 'post',
  path: '/scans/{scanId}/undo',
  tags,
  security,
  middleware: [requireEmployment('checkin.undo', scanFirm)],
  summary: 'Takes back a mistaken admission (managers): the ticket can be admitted again',
  request: { params: scanParam },
  responses: { 200: json(checkinScanSchema, 'The undone scan.', 'CheckinScan'), ...problems(401, 403, 404, 409) },
});

const attendees = createRoute({
  method: 'get',
  path: '/events/{eventId}/attendees',
  tags,
  security,
  middleware: [requireEmployment('audience.view', eventFirm)],
  summary: "The event's attendees: each valid ticket's holder, tier and order, and when it was admitted at the door",
  request: { params: eventParam },
  responses: { 200: json(attendeeListSchema, 'The attendee list.', 'AttendeeList'), ...problems(401, 403, 404) },
});
const attendeesCsvRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}/attendees/csv',
  tags,
  security,
  middleware: [requireEmployment('audience.view', eventFirm)],
  summary: 'The attendee list as a CSV download, the header in the reader’s language',
  request: { params: eventParam },
  responses: { 200: media('text/csv', 'UTF-8 CSV with a header row in the reader’s language.', 'text'), ...problems(401, 403, 404) },
});

/** `/api/dashboard/checkin`: ticket check-in at the event's door, online and offline, and who is coming. */
export function checkinRoutes(deps: AppDeps) {
  const checkin = createCheckinService(deps);
  return createRouter()
    .openapi(list, async (c) => c.json(await checkin.list(c.req.valid('param').eventId), 200, PRIVATE_NO_STORE))
    .openapi(sync, async (c) =>
      c.json(await checkin.sync(c.req.valid('param').eventId, employmentOf(c).userId, c.req.valid('json')), 200, PRIVATE_NO_STORE),
    )
    .openapi(log, async (c) => {
      const { page, size } = c.req.valid('query');
      return c.json(await checkin.log(c.req.valid('param').eventId, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(undo, async (c) => c.json(await checkin.undo(c.req.valid('param').scanId, employmentOf(c).userId), 200, PRIVATE_NO_STORE))
    .openapi(attendees, async (c) => c.json(await attendeeList(deps.db, c.req.valid('param').eventId), 200, PRIVATE_NO_STORE))
    .openapi(attendeesCsvRoute, async (c) => {
      const list = await attendeeList(deps.db, c.req.valid('param').eventId);
      return c.body(attendeesCsv(list, requestLanguage(c.req.raw)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="souk-attendees-${list.event.shortId}.csv"`,
        ...PRIVATE_NO_STORE,
      });
    });
}
