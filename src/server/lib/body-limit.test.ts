import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { DEFAULT_BODY_LIMIT } from './body-limit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const json = (body: string, headers: Record<string, string> = {}) =>
  ctx.request('/api/iam/login/email', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

/** A body sent as a stream: no Content-Length, read until it ends (chunked on the wire). */
function streamed(bytes: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe('body limits', () => {
  it('answers a JSON body over 64 KB on any API route with 413 problem details', async () => {
    const big = JSON.stringify({ email: 'a@souk.test', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const response = await json(big);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      detail: 'The request body is too large (64 KB at most).',
    });
    // a route that takes no body at all is limited the same way
    const other = await ctx.request('/api/iam/auth/logout', { method: 'POST', body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1) });
    expect(other.status).toBe(413);
  });

  it('refuses a declared length before reading it, and reads a stream only up to the limit', async () => {
    let pulled = 0;
    const body = streamed(50 * 1024 * 1024);
    const counting = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    const response = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: counting,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(DEFAULT_BODY_LIMIT + 256 * 1024);
  });

  it('lets a body under the limit through, streamed or not', async () => {
    const small = JSON.stringify({ email: 'nobody@souk.test', password: 'not-the-password' });
    expect((await json(small)).status).toBe(401);
    const response = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Blob([small]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(401);
  });

  it('gives an upload route its own, larger limit (and its own message)', async () => {
    // over 64 KB but under the upload's 8 MB: past the body limit, stopped by the sign-in check
    const form = new FormData();
    form.set('image', new File([new Uint8Array(200 * 1024)], 'big.png', { type: 'image/png' }));
    expect((await ctx.request('/api/iam/profile/image', { method: 'POST', body: form })).status).toBe(401);
    const huge = await ctx.request('/api/iam/profile/image', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(9 * 1024 * 1024) },
      body: new Uint8Array(9 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).detail).toBe('The image is too large (8 MB at most).');
  });
});
