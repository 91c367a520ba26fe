import type { AppDeps } from '../../app-deps';
import { requireUser, userOf } from '../../lib/auth-context';
import { createRoute, createRouter, media, problems, SIGNED_IN } from '../../lib/openapi';
import { channels, eventStream } from '../../lib/realtime';
import { clientAddress } from '../../lib/client-address';
import { createStreamLimits, defaultStreamCeiling } from '../../lib/stream-limits';
import { unreadCount } from '../notifications/notify';
import { activeEmploymentsOf } from '../../lib/firm-staff';

const stream = createRoute({
  method: 'get',
  path: '/',
  tags: ['Live'],
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: "Server-sent events for the caller's open pages",
  description:
    'Events: `notifications` `{unread}` (first on opening, then on every change), `message` (a message in one of the ' +
    "caller's conversations, or in a conversation of a firm the caller works for). The stream ends after ten minutes; " +
    'EventSource reconnects by itself. Clients that cannot keep it open poll the same reads. An account keeps a few ' +
    'streams open (a new one ends its oldest); too many from one address answer 429, a full server 503 with Retry-After.',
  responses: { 200: media('text/event-stream', 'The event stream.', 'text'), ...problems(401, 429, 503) },
});

/** `/api/user/stream`: the caller's channel and the channels of the firms they work for. */
export function liveRoutes(deps: AppDeps) {
  const limits = createStreamLimits({
    perAccount: deps.env.LIVE_STREAMS_PER_ACCOUNT,
    perAddress: deps.env.LIVE_STREAMS_PER_ADDRESS,
    total: deps.env.LIVE_STREAMS_MAX ?? defaultStreamCeiling(),
  });
  return createRouter().openapi(stream, async (c) => {
    const user = await userOf(c);
    const employments = await activeEmploymentsOf(deps.db, user.id).select('firm_id').execute();
    const names = [channels.user(user.id), ...employments.map((e) => channels.firm(e.firm_id))];
    const hello = { type: 'notifications', data: { unread: await unreadCount(deps, user.id) } };
    // a place among the open streams (or the 429/503): given back when the stream ends
    const closing = new AbortController();
    const release = limits.open(user.id, clientAddress(c), () => closing.abort());
    return eventStream(c, deps.realtime, names, { hello, signal: closing.signal, onEnd: release }) as never;
  });
}
