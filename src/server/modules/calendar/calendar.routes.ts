import type { AppDeps } from '../../app-deps';
import { calendarFeedSchema, feedFileParamSchema, firmCalendarQuerySchema, firmCalendarSchema } from '../../../shared/firm-calendar';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createCalendarFeedService } from './calendar-feed.service';
import { createCalendarService } from './calendar.service';

const tags = ['Workspace: calendar'];
const security = SIGNED_IN;
const feedAnswer = json(calendarFeedSchema, 'The subscription URL (null before the first one is made).', 'CalendarFeed');

const range = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's events and bookings in [from, to) (at most 45 days), its opening hours and zone",
  request: { query: firmCalendarQuerySchema },
  responses: { 200: json(firmCalendarSchema, 'What happens in the range.', 'FirmCalendar'), ...problems(400, 401, 403) },
});
const feed = createRoute({
  method: 'get',
  path: '/feed',
  tags,
  security,
  middleware: [requireEmployment('calendar.feed')],
  summary: "The firm's private calendar feed URL, to copy into a calendar app",
  request: { query: firmIdQuerySchema },
  responses: { 200: feedAnswer, ...problems(400, 401, 403) },
});
const resetFeed = createRoute({
  method: 'post',
  path: '/feed/reset',
  tags,
  security,
  middleware: [requireEmployment('calendar.feed')],
  summary: 'Makes a new feed URL; the old one answers 404 from now on',
  request: { query: firmIdQuerySchema },
  responses: { 200: feedAnswer, ...problems(400, 401, 403) },
});

/** `/api/dashboard/calendar`: the workspace calendar and its subscription feed's URL. */
export function firmCalendarRoutes(deps: AppDeps) {
  const calendar = createCalendarService(deps.db);
  const feeds = createCalendarFeedService(deps.db, deps.clock, deps.env.publicUrl);
  return createRouter()
    .openapi(range, async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await calendar.range(employmentOf(c).firmId, from, to), 200, PRIVATE_NO_STORE);
    })
    .openapi(feed, async (c) => c.json(await feeds.current(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(resetFeed, async (c) => c.json(await feeds.reset(employmentOf(c).firmId), 200, PRIVATE_NO_STORE));
}

const feedFile = createRoute({
  method: 'get',
  path: '/{file}',
  tags: ['Calendar feeds'],
  summary: "A firm's private calendar (RFC 5545): its events and the bookings that will happen; the token is the key",
  request: { params: feedFileParamSchema },
  responses: { 200: media('text/calendar', 'The calendar, every time in UTC.', 'text'), ...problems(400, 404) },
});

/** `/api/public/calendar-feeds/{token}.ics`: what a calendar app subscribed to the feed reads. */
export function calendarFeedRoutes(deps: AppDeps) {
  const feeds = createCalendarFeedService(deps.db, deps.clock, deps.env.publicUrl);
  return createRouter().openapi(feedFile, async (c) => {
    const { ics, username } = await feeds.file(c.req.valid('param').file.slice(0, -'.ics'.length));
    return c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${username}.ics"`,
      // the URL is a secret: no shared cache may keep the answer
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'no-referrer',
    });
  });
}
