import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('NUL characters (PostgreSQL cannot store them: they were 500s)', () => {
  it('are a 400 in a path, a query or a JSON body, on every route', async () => {
    for (const path of ['/api/public/blog-posts/sid/%00', '/api/user/follows/a%00b', '/api/user/explore/firms?name=%00']) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    const body = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@souk.test', password: 'pass\u0000word', sessionInfo: { browser: 'x' } }),
    });
    expect(body.status).toBe(400);
    const key = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@souk.test', password: 'password-ok', ['x\u0000']: 1 }),
    });
    expect(key.status).toBe(400);
  });

  it('lets everything else through, malformed JSON included (the route answers it)', async () => {
    const fine = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@souk.test', password: 'a \\u0000 written out is fine' }),
    });
    expect(fine.status).toBe(401);
    const malformed = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
  });
});
