import type { Context } from 'hono';
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

/** What a stream may have waiting for a client that does not read before it is ended (it reconnects and catches up). */
const MAX_QUEUED_BYTES = 256 * 1024;
/** What a replaced stream may still have to deliver: more, and its client is taken as gone. */
const REPLACED_QUEUE_BYTES = 16 * 1024;

/** An open stream as the shared clock sees it. */
interface Watched {
  lastWrite: number;
  endAt: number;
  heartbeatMs: number;
  keepAlive(): void;
  end(): void;
}

/**
 * One clock for every open stream of the process, a tick a second: it writes the keep-alives and
 * ends the streams that reached their age. Thousands of streams cost one timer, not a timer each
 * re-armed at every event.
 */
const watched = new Set<Watched>();
let ticker: ReturnType<typeof setInterval> | undefined;
const TICK_MS = 1000;

function tick() {
  const now = Date.now();
  for (const stream of watched) {
    if (now >= stream.endAt) stream.end();
    else if (now - stream.lastWrite >= stream.heartbeatMs) stream.keepAlive();
  }
}

function watch(stream: Watched): () => void {
  watched.add(stream);
  if (!ticker) {
    ticker = setInterval(tick, TICK_MS);
    // the clock never keeps a process alive on its own
    ticker.unref?.();
  }
  return () => {
    watched.delete(stream);
    if (watched.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

const encoder = new TextEncoder();
// tells EventSource how long to wait before reconnecting
const RETRY = encoder.encode('retry: 3000\n\n');
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/** An event as SSE bytes, made once however many streams send it (the bytes are only read). */
const framed = new WeakMap<RealtimeEvent, Uint8Array>();
function frameOf(event: RealtimeEvent): Uint8Array {
  let bytes = framed.get(event);
  if (!bytes) {
    bytes = encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    framed.set(event, bytes);
  }
  return bytes;
}

/**
 * A server-sent events response carrying every event published on `names` until the client goes
 * away or `maxAgeMs` passes. Each event is `event: <type>` with its JSON `data`. An event is put
 * in the response's queue as it is published: no timer, promise or copy of its text per stream.
 */
export function eventStream(c: Context<AppEnv>, realtime: Realtime, names: readonly string[], options: EventStreamOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  c.header('Content-Type', 'text/event-stream');
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  let cancelled: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        /** Ends the stream: `close` after what is queued, `drop` at once (a client that does not read). */
        const finish = (how: 'close' | 'drop' | 'gone') => {
          if (!open) return;
          open = false;
          unsubscribe();
          unwatch();
          options.signal?.removeEventListener('abort', replaced);
          options.onEnd?.();
          try {
            if (how === 'close') controller.close();
            else if (how === 'drop') controller.error(new Error('the client stopped reading'));
          } catch {
            // already cancelled by the client
          }
        };
        const queued = () => -(controller.desiredSize ?? 0);
        const entry: Watched = {
          lastWrite: Date.now(),
          endAt: Date.now() + maxAgeMs,
          heartbeatMs,
          keepAlive: () => send(KEEP_ALIVE),
          end: () => finish('close'),
        };
        function send(bytes: Uint8Array) {
          if (!open) return;
          if (queued() > MAX_QUEUED_BYTES) return finish('drop');
          entry.lastWrite = Date.now();
          controller.enqueue(bytes);
        }
        // a newer stream of the account took this one's place: what is queued still goes, unless the client stopped reading
        const replaced = () => finish(queued() > REPLACED_QUEUE_BYTES ? 'drop' : 'close');
        const unsubscribe = realtime.subscribe(names, (event) => send(frameOf(event)));
        const unwatch = watch(entry);
        cancelled = () => finish('gone');
        options.signal?.addEventListener('abort', replaced);
        send(RETRY);
        if (options.hello) send(frameOf(options.hello));
        if (options.signal?.aborted) replaced();
      },
      cancel() {
        cancelled?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return c.body(body);
}
