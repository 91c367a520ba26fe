import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { call, CookieJar, insertUser, SESSION_INFO } from '../testing/auth-helpers';
import { RENDER_LITE_HEADER } from '../../shared/render-hints';

/**
 * What the renderer is told about a page request (lib/render-request.ts): a signed-in member with
 * lite mode on is rendered with the small pictures; nobody else is, whatever the request says. The
 * renderer here only reports the hint it got (tests/e2e/lite-mode.spec.ts checks the real pages).
 */
let ctx: TestContext;
let clientDir: string;
const hints: (string | null)[] = [];

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Souk</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({
    clientDir,
    render: async (request) => {
      hints.push(request.headers.get(RENDER_LITE_HEADER));
      return { status: 200, html: '<!doctype html><html><body><div id="root">page</div></body></html>' };
    },
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function hintFor(page: string, headers: Record<string, string> = {}): Promise<string | null> {
  hints.length = 0;
  const response = await ctx.request(page, { headers });
  expect(response.status).toBe(200);
  expect(hints).toHaveLength(1);
  return hints[0];
}

async function signIn(email: string, liteMode: boolean): Promise<string> {
  const id = await insertUser(ctx, email, 'olive-harbour-lantern');
  await ctx.deps.db
    .updateTable('users')
    .set({ lite_mode: liteMode ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  const jar = new CookieJar();
  const login = await call(ctx, jar, 'POST', '/api/iam/login/email', {
    email,
    password: 'olive-harbour-lantern',
    sessionInfo: SESSION_INFO,
  });
  expect(login.status).toBe(200);
  return jar.header();
}

describe('the renderer is told of a lite member', () => {
  it("renders a lite member's public page in lite mode, and no one else's", async () => {
    const lite = await signIn('lite-member@souk.test', true);
    const full = await signIn('full-member@souk.test', false);
    expect(await hintFor('/explore', { Cookie: lite })).toBe('1');
    expect(await hintFor('/cafe-nour', { Cookie: lite })).toBe('1');
    expect(await hintFor('/explore', { Cookie: full })).toBeNull();
    expect(await hintFor('/explore')).toBeNull();
  });

  it('drops a hint a browser sent: a signed-out page rendered with it would be stored for everyone', async () => {
    expect(await hintFor('/events', { [RENDER_LITE_HEADER]: '1' })).toBeNull();
    const full = await signIn('full-member-2@souk.test', false);
    expect(await hintFor('/events', { Cookie: full, [RENDER_LITE_HEADER]: '1' })).toBeNull();
  });
});
