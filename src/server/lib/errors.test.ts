import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../testing/test-app';
import { createRoute, json } from './openapi';
import { HttpError } from './errors';

/**
 * Error handling of the real app (createApp's onError), with a few routes of our own added for the
 * test: a JSON body declared with its zod schema like every API route (lib/openapi.ts), a route
 * that throws on purpose, and one that crashes. (POST: every GET outside /api is the client's SPA fallback.)
 */
let ctx: TestContext;
const thingSchema = z.object({
  name: z.string().min(2),
  price: z.number().int().nonnegative(),
  tags: z.array(z.string()).max(3).optional(),
});

beforeAll(async () => {
  ctx = await createTestContext();
  const things = createRoute({
    method: 'post',
    path: '/__test/things',
    request: { body: { required: true, content: { 'application/json': { schema: thingSchema } } } },
    responses: { 201: json(z.object({ ok: z.boolean(), thing: thingSchema }), 'Created.') },
  });
  ctx.app.openapi(things, (c) => c.json({ ok: true, thing: c.req.valid('json') }, 201));
  ctx.app.post('/__test/conflict', () => {
    throw new HttpError(409, 'That username is taken.', 'username_taken');
  });
  ctx.app.post('/__test/crash', () => {
    throw new Error('secret internal detail at /srv/souk/db.ts:42');
  });
});
afterAll(() => ctx.close());

const postJson = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  ctx.request('/__test/things', { method: 'POST', headers, body });

function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
}

describe('problem details', () => {
  it('answers a malformed JSON body with 400, not 500', async () => {
    const response = await postJson('{"name": "Cafe", "price": ');
    expectProblem(response, 400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, title: 'Bad Request', type: expect.any(String), code: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/\n\s+at |SyntaxError|node_modules/);
  });

  it('answers invalid fields with 400 and the errors of each field', async () => {
    const response = await postJson(JSON.stringify({ name: 'C', price: -1, tags: ['a', 'b', 'c', 'd'] }));
    expectProblem(response, 400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, code: 'validation_failed', type: 'about:blank' });
    expect(Object.keys(body.errors).sort()).toEqual(['name', 'price', 'tags']);
    for (const messages of Object.values(body.errors as Record<string, string[]>)) {
      expect(messages.length).toBeGreaterThan(0);
      expect(typeof messages[0]).toBe('string');
    }
  });

  it('answers an empty body or a JSON null with 400, a form body with 415, never 500', async () => {
    const empty = await postJson('');
    expectProblem(empty, 400);

    const nothing = await postJson('null');
    expectProblem(nothing, 400);
    expect((await nothing.json()).errors).toHaveProperty('_');

    // The route takes JSON only: another media type is refused before validation.
    const form = await postJson('name=Cafe&price=3', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expectProblem(form, 415);
    expect(await form.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('passes a valid body through', async () => {
    const response = await postJson(JSON.stringify({ name: 'Cafe', price: 350 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, thing: { name: 'Cafe', price: 350 } });
  });

  it('turns an HttpError into its status, detail and code', async () => {
    const response = await ctx.request('/__test/conflict', { method: 'POST' });
    expectProblem(response, 409);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'That username is taken.',
      code: 'username_taken',
    });
  });

  it('hides an unexpected crash behind a generic 500 without a stack or the message', async () => {
    const response = await ctx.request('/__test/crash', { method: 'POST' });
    expectProblem(response, 500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/\n\s+at |\.ts:\d+/);
    expect(JSON.parse(text)).toMatchObject({ status: 500, code: 'internal' });
  });

  it('answers unknown API paths, any method, with a problem-details 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await ctx.request('/api/nope/deeper', { method });
      expectProblem(response, 404);
      expect(await response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});
