import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../app-env';

/**
 * Realtime: publish an event on a channel; every open stream subscribed to that channel gets it.
 * Used for the bell's unread count, messages between customers and firms, and (later) the
 * kitchen display.
 *
 *   await deps.realtime.publish(channels.user(userId), { type: 'notifications', data: { unread: 3 } });
 *   const stop = deps.realtime.subscribe([channels.firm(firmId)], (event) => …);
 *
 * Browsers listen with server-sent events (`eventStream` below, served at GET /api/user/stream)
 * and fall back to polling when a stream cannot stay open (src/client/lib/live-events.ts).
 *
 * This implementation fans out inside one process. The scale-out issue (17) puts PostgreSQL
 * LISTEN/NOTIFY behind the same interface: `publish` NOTIFYs (the payload is the JSON of
 * `{channel, event}`, well under NOTIFY's 8000 bytes: events carry ids and small fields, never
 * whole documents), each process LISTENs once and hands what arrives to its local subscribers,
 * exactly as `createMemoryRealtime` does. Nothing outside this file knows which one runs.
 */
interface RealtimeEvent {
  /** what happened: 'notifications', 'message', … (the client's live-events listeners switch on it) */
  type: string;
  data: unknown;
}

type RealtimeListener = (event: RealtimeEvent, channel: string) => void;

export interface Realtime {
  publish(channel: string, event: RealtimeEvent): Promise<void>;
  /** returns the unsubscribe function */
  subscribe(channels: readonly string[], listener: RealtimeListener): () => void;
  /** open subscriptions, for tests and the health page */
  subscriberCount(): number;
}

/** The channel names, in one place. */
export const channels = {
  /** everything addressed to one person: their bell, their conversations with firms */
  user: (userId: string) => `user:${userId}`,
  /** a firm's team: customers' messages (the workspace inbox) */
  firm: (firmId: string) => `firm:${firmId}`,
  /** anyone looking at a firm's menu, signed in or not: a dish taken off or put back */
  menu: (firmId: string) => `menu:${firmId}`,
};

export function createMemoryRealtime(): Realtime {
  const listeners = new Map<string, Set<RealtimeListener>>();
  let count = 0;
  return {
    async publish(channel, event) {
      for (const listener of [...(listeners.get(channel) ?? [])]) {
        try {
          listener(event, channel);
        } catch {
          // one broken stream never stops the others
        }
      }
    },
    subscribe(names, listener) {
      const unique = [...new Set(names)];
      for (const name of unique) {
        let set = listeners.get(name);
        if (!set) listeners.set(name, (set = new Set()));
        set.add(listener);
      }
      count += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        count -= 1;
        for (const name of unique) {
          const set = listeners.get(name);
          set?.delete(listener);
          if (set && set.size === 0) listeners.delete(name);
        }
      };
    },
    subscriberCount: () => count,
  };
}

export interface EventStreamOptions {
  /** a comment line this often keeps proxies from closing an idle stream */
  heartbeatMs?: number;
  /**
   * The stream ends after this long; the browser reconnects (and is authenticated again), so a
   * revoked login or a removed employee stops receiving within this time.
   */
  maxAgeMs?: number;
  /** the first event, sent as soon as the stream opens (e.g. the current unread count) */
  hello?: RealtimeEvent;
  /** ends the stream early (a newer stream of the same account took its place) */
  signal?: AbortSignal;
  /** called once the stream has ended, however it ended */
  onEnd?: () => void;
}

/**
 * A server-sent events response carrying every event published on `names` until the client goes
 * away or `maxAgeMs` passes. Each event is `event: <type>` with its JSON `data`.
 */
export function eventStream(c: Context<AppEnv>, realtime: Realtime, names: readonly string[], options: EventStreamOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: RealtimeEvent[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = realtime.subscribe(names, (event) => {
      queue.push(event);
      wake?.();
    });
    let closed = false;
    stream.onAbort(() => {
      closed = true;
      wake?.();
    });
    // aborting (not only flagging) ends a write the client is not reading, and the response with it
    const abort = () => stream.abort();
    options.signal?.addEventListener('abort', abort);
    if (options.signal?.aborted) abort();
    const endAt = Date.now() + maxAgeMs;
    try {
      // tells EventSource how long to wait before reconnecting
      await stream.write('retry: 3000\n\n');
      if (options.hello) queue.unshift(options.hello);
      while (!closed && Date.now() < endAt) {
        while (queue.length && !closed) {
          const event = queue.shift()!;
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) });
        }
        if (closed) break;
        if (queue.length) continue; // published while the last write was on its way
        const waited = await new Promise<'event' | 'timeout'>((resolve) => {
          const timer = setTimeout(() => resolve('timeout'), Math.min(heartbeatMs, Math.max(0, endAt - Date.now())));
          wake = () => {
            clearTimeout(timer);
            resolve('event');
          };
        });
        wake = undefined;
        if (waited === 'timeout' && !closed && Date.now() < endAt) await stream.write(': keep-alive\n\n');
      }
    } finally {
      unsubscribe();
      options.signal?.removeEventListener('abort', abort);
      options.onEnd?.();
    }
  });
}
