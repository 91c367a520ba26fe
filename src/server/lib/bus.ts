import pg from 'pg';
import type { Logger } from './logger';
import { createMemoryRealtime, type Realtime } from './realtime';
import type { CacheInvalidation } from './response-cache';

/**
 * The bus between the server processes of one deployment: PostgreSQL LISTEN/NOTIFY on one
 * channel. Each process LISTENs on a connection of its own and NOTIFYs through another; a message
 * is the JSON of `{from, kind, data}` and a process ignores its own (it has already acted on it).
 *
 * Two kinds travel on it: `invalidate` (a write on one process empties the public caches of every
 * other, lib/response-cache.ts) and `realtime` (an event published on one process reaches the
 * open streams of every other, lib/realtime.ts). When the listening connection drops, the process
 * connects again and empties its caches (it may have missed an invalidation meanwhile).
 */
const CHANNEL = 'souk_bus';
/** NOTIFY's payload limit is 8000 bytes; a realtime event is ids and small fields, never documents. */
const MAX_PAYLOAD = 7900;

type Listener = (data: unknown) => void;

export interface Bus {
  publish(kind: string, data?: unknown): Promise<void>;
  subscribe(kind: string, listener: Listener): void;
  /** called after the listening connection came back (messages may have been missed) */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

export async function createPostgresBus(options: { connectionString: string; instanceId: string; logger: Logger }): Promise<Bus> {
  const { connectionString, instanceId, logger } = options;
  const listeners = new Map<string, Set<Listener>>();
  const reconnected = new Set<() => void>();
  // NOTIFY goes through a small pool of its own, so a busy app pool never delays it.
  const sender = new pg.Pool({ connectionString, max: 2 });
  sender.on('error', (error) => logger.warn({ err: error }, 'bus sender connection error'));
  let listener: pg.Client | undefined;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    let message: { from?: string; kind?: string; data?: unknown };
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (message.from === instanceId || typeof message.kind !== 'string') return;
    for (const handle of listeners.get(message.kind) ?? []) {
      try {
        handle(message.data);
      } catch (error) {
        logger.error({ err: error, kind: message.kind }, 'bus listener failed');
      }
    }
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => deliver(message.payload));
    client.on('error', (error) => logger.warn({ err: error }, 'bus connection lost; reconnecting'));
    client.on('end', () => {
      if (closed || listener !== client) return;
      listener = undefined;
      const retry = () => {
        if (closed) return;
        listen()
          .then(() => {
            for (const handle of reconnected) handle();
          })
          .catch(() => setTimeout(retry, 1000));
      };
      setTimeout(retry, 200);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    async publish(kind, data) {
      const payload = JSON.stringify({ from: instanceId, kind, data });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        logger.warn({ kind, bytes: Buffer.byteLength(payload) }, 'bus message too large for NOTIFY; not sent to the other processes');
        return;
      }
      await sender.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(kind, handle) {
      let set = listeners.get(kind);
      if (!set) listeners.set(kind, (set = new Set()));
      set.add(handle);
    },
    onReconnect(handle) {
      reconnected.add(handle);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await sender.end();
    },
  };
}

/**
 * Wires one process to the bus: its cache invalidation (a write here tells the others; a write
 * elsewhere empties the caches here) and a realtime hub whose events reach every process's
 * streams. Answers the hub to give the app.
 */
export function connectToBus(bus: Bus, invalidation: CacheInvalidation, logger: Logger): Realtime {
  // Many writes at once make one message per turn of the event loop, not one per write.
  let pending = false;
  invalidation.onInvalidate(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      bus.publish('invalidate').catch((error) => logger.warn({ err: error }, 'cache invalidation not sent to the other processes'));
    });
  });
  bus.subscribe('invalidate', () => invalidation.clearHere());
  bus.onReconnect(() => invalidation.clearHere());

  const local = createMemoryRealtime();
  bus.subscribe('realtime', (data) => {
    const { channel, event } = data as { channel: string; event: Parameters<Realtime['publish']>[1] };
    void local.publish(channel, event);
  });
  return {
    async publish(channel, event) {
      await local.publish(channel, event);
      await bus
        .publish('realtime', { channel, event })
        .catch((error) => logger.warn({ err: error, channel }, 'realtime event not sent to the other processes'));
    },
    subscribe: local.subscribe,
    subscriberCount: local.subscriberCount,
  };
}
