/**
 * The abuse cases (docs/decisions/018-hardening-as-mechanisms.md), against the app served over real HTTP sockets (so addresses,
 * streaming bodies and concurrency are what an attacker's would be): the parallel brute force,
 * the 300 MB body, the SVG and PNG bombs, two concurrent refreshes, two clients behind one proxy.
 * (The `$` URLs need the server renderer, which exists only after the build: tests/e2e/attack.spec.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { insertUser } from '../testing/auth-helpers';
import { SVG_BOMB, pngBomb } from '../testing/image-bombs';
import { IP_CAP, MAX_FAILURES } from '../modules/auth/auth-guards';

const PASSWORD = 'amber-lantern-kettle';

interface Served {
  ctx: TestContext;
  server: ServerType;
  base: string;
}

async function served(envOverrides: Record<string, string> = {}): Promise<Served> {
  const ctx = await createTestContext({ envOverrides });
  const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ctx, server, base };
}

async function stop(target: Served | undefined) {
  if (!target) return;
  await new Promise<void>((resolve) => target.server.close(() => resolve()));
  await target.ctx.close();
}

let plain: Served;
beforeAll(async () => {
  plain = await served();
});
afterAll(() => stop(plain));

function post(target: Served, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${target.base}${path}`, {
    method: 'POST',
    headers: { Origin: target.base, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

describe('abuse over HTTP', () => {
  it(`a parallel burst of 50 guesses at one account: ${MAX_FAILURES} are tried, the rest get 429`, async () => {
    await insertUser(plain.ctx, 'brute@souk.test', PASSWORD);
    const guesses = Array.from({ length: 49 }, (_, i) => `guess-number-${i}`);
    const responses = await Promise.all(
      [...guesses, PASSWORD].map((password) => post(plain, '/api/iam/login/email', { email: 'brute@souk.test', password })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX_FAILURES);
    expect(statuses.at(-1)).toBe(429); // the right password, last, does not get in
  });

  it('a 300 MB JSON body is refused with 413 and the memory stays low', async () => {
    const size = 300 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const answer = async (headers: Record<string, string | number>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${plain.base}/api/iam/login/email`, {
          method: 'POST',
          headers: { Origin: plain.base, 'Content-Type': 'application/json', ...headers },
        });
        let written = 0;
        const pump = () => {
          while (written < size) {
            written += chunk.length;
            if (!request.write(chunk)) return request.once('drain', pump);
          }
          request.end();
        };
        request.on('response', (response) => {
          let body = '';
          response.on('data', (data) => (body += data));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        });
        request.on('error', (error) => (written >= size ? undefined : reject(error)));
        request.write('{"email":"a@souk.test","password":"');
        pump();
      });
    const started = performance.now();
    const declared = await answer({ 'Content-Length': size + 36 });
    const chunked = await answer({ 'Transfer-Encoding': 'chunked' });
    clearInterval(sampler);
    const ms = performance.now() - started;
    for (const result of [declared, chunked]) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ status: 413, code: 'payload_too_large' });
    }
    const grewMb = (peak - before) / (1024 * 1024);
    console.info(`abuse: 2 × 300 MB bodies refused in ${Math.round(ms)} ms; memory grew by ${grewMb.toFixed(1)} MB at most`);
    expect(grewMb).toBeLessThan(100);
  }, 60_000);

  it('four SVG bombs and a PNG bomb at once are refused within 2 s, memory low', async () => {
    await insertUser(plain.ctx, 'bomber@souk.test', PASSWORD);
    const cookie = cookiesOf(await post(plain, '/api/iam/login/email', { email: 'bomber@souk.test', password: PASSWORD }));
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('image', new File([new Uint8Array(bytes)], name, { type: name.endsWith('.svg') ? 'image/svg+xml' : 'image/png' }));
      return fetch(`${plain.base}/api/iam/profile/image`, { method: 'POST', headers: { Origin: plain.base, Cookie: cookie }, body: form });
    };
    const png = pngBomb();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => upload(SVG_BOMB, `bomb${i}.svg`)),
      upload(png, 'bomb.png'),
    ]);
    const ms = performance.now() - started;
    clearInterval(sampler);
    expect(responses.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    console.info(
      `abuse: 4 SVG bombs (${SVG_BOMB.length} B, 16000 × 16000) and a PNG bomb (${Math.round(png.length / 1024)} KB, 16000 × 16000) refused in ${Math.round(ms)} ms; memory grew by ${((peak - before) / 1048576).toFixed(1)} MB`,
    );
    expect(ms).toBeLessThan(2000);
  });

  it('two concurrent refreshes with one token: both end signed in', async () => {
    await insertUser(plain.ctx, 'two-tabs@souk.test', PASSWORD);
    const cookie = cookiesOf(await post(plain, '/api/iam/login/email', { email: 'two-tabs@souk.test', password: PASSWORD }));
    const refresh = () => fetch(`${plain.base}/api/iam/auth/refresh`, { method: 'POST', headers: { Origin: plain.base, Cookie: cookie } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const response of [a, b]) {
      const check = await fetch(`${plain.base}/api/iam/auth/check-session`, { headers: { Cookie: cookiesOf(response) } });
      expect(await check.json()).toMatchObject({ success: true });
    }
  });

  it('two clients behind one proxy (TRUST_PROXY=1) have separate limits', async () => {
    const proxied = await served({ TRUST_PROXY: '1' });
    try {
      await insertUser(proxied.ctx, 'neighbour@souk.test', PASSWORD);
      // one client behind the proxy spends its whole cap on junk
      const junk = () => post(proxied, '/api/iam/signup/email/start', {}, { 'X-Forwarded-For': '198.51.100.1' });
      const statuses: number[] = [];
      for (let i = 0; i < IP_CAP; i += 50) statuses.push(...(await Promise.all(Array.from({ length: 50 }, junk))).map((r) => r.status));
      expect(statuses.every((s) => s === 400)).toBe(true);
      expect((await junk()).status).toBe(429);
      // the other client of the same proxy (same socket address) signs in
      const other = await post(
        proxied,
        '/api/iam/login/email',
        { email: 'neighbour@souk.test', password: PASSWORD },
        { 'X-Forwarded-For': '198.51.100.2' },
      );
      expect(other.status).toBe(200);
    } finally {
      await stop(proxied);
    }
  });
});
