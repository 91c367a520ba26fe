import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../app-env';
import { createMemoryRealtime, eventStream } from './realtime';

// the bench holds 5,000 from a separate client process; here the readers share the process, on a machine shared with other tests
const STREAMS = 1000;

/** An app whose `/s` is a stream of channel `x`, and a reader that collects what each stream received. */
function setup(options: { heartbeatMs?: number; maxAgeMs?: number } = {}) {
  const realtime = createMemoryRealtime();
  const app = new Hono<AppEnv>().get('/s', (c) => eventStream(c, realtime, ['x'], options));
  const decoder = new TextDecoder();
  async function open() {
    const response = await app.request('/s');
    const reader = response.body!.getReader();
    const stream = { text: '', done: false, reader, arrivals: [] as number[] };
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        const chunk = decoder.decode(value);
        stream.text += chunk;
        if (chunk.includes('event: ping')) stream.arrivals.push(performance.now());
      }
      stream.done = true;
    })();
    return stream;
  }
  return { realtime, open };
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live streams in one process', () => {
  afterEach(() => vi.useRealTimers());

  it(`deliver one event to ${STREAMS.toLocaleString('en')} open streams within a second`, async () => {
    const { realtime, open } = setup();
    const streams = [];
    try {
      for (let i = 0; i < STREAMS; i++) streams.push(await open());
      expect(realtime.subscriberCount()).toBe(STREAMS);
      const sent = performance.now();
      await realtime.publish('x', { type: 'ping', data: { n: 1 } });
      while (streams.some((stream) => !stream.arrivals.length) && performance.now() - sent < 5000) await settle(5);
      const delays = streams.map((stream) => (stream.arrivals[0] ?? Infinity) - sent).sort((a, b) => a - b);
      expect(delays[Math.ceil(STREAMS * 0.99) - 1]).toBeLessThan(1000);
      expect(streams[0].text).toBe('retry: 3000\n\nevent: ping\ndata: {"n":1}\n\n');
    } finally {
      for (const stream of streams) await stream.reader.cancel();
    }
    await settle(10);
    expect(realtime.subscriberCount()).toBe(0);
  }, 60_000);

  it('keep idle streams alive and end them at their age from one shared clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { realtime, open } = setup({ heartbeatMs: 3000, maxAgeMs: 10_000 });
    const streams = [await open(), await open()];
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3000);
    await vi.waitFor(() => expect(streams.every((stream) => stream.text.includes(': keep-alive'))).toBe(true));
    vi.advanceTimersByTime(7000);
    await vi.waitFor(() => expect(streams.every((stream) => stream.done)).toBe(true));
    expect(realtime.subscriberCount()).toBe(0);
    // the clock stops with the last stream
    expect(vi.getTimerCount()).toBe(0);
  });

  it('end a stream whose client stops reading instead of keeping its events', async () => {
    const { realtime } = setup();
    const app = new Hono<AppEnv>().get('/s', (c) => eventStream(c, realtime, ['x']));
    // opened but never read
    const response = await app.request('/s');
    for (let n = 0; n < 1000 && realtime.subscriberCount() > 0; n++) {
      await realtime.publish('x', { type: 'ping', data: { n, padding: 'x'.repeat(1000) } });
      await settle();
    }
    expect(realtime.subscriberCount()).toBe(0);
    await response.body?.cancel().catch(() => undefined);
  });
});
