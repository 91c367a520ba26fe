import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/test-app';
import { FEATURE_KEYS } from '../shared/feature-keys';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ envOverrides: { FEATURES_OFF: 'SIGNUP, create_firm' } });
});
afterAll(() => ctx.close());

describe('app', () => {
  it('answers health with the database dialect', async () => {
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', version: 'test' });
    expect(body.db).toMatch(/^(sqlite|postgres):ok$/);
  });

  it('lists every feature flag and switches off FEATURES_OFF keys', async () => {
    const flags = (await (await ctx.request('/api/iam/features')).json()) as { key: string; enabled: boolean }[];
    expect(flags.map((f) => f.key)).toEqual([...FEATURE_KEYS]);
    expect(flags.find((f) => f.key === 'SIGNUP')?.enabled).toBe(false);
    expect(flags.find((f) => f.key === 'CREATE_FIRM')?.enabled).toBe(false);
    expect(flags.find((f) => f.key === 'LOGIN')?.enabled).toBe(true);
  });

  it('answers unknown API paths with a problem-details 404', async () => {
    const response = await ctx.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, title: 'Not Found', code: 'not_found' });
  });

  it('answers a wrong method on a real API path with 405 and the methods it takes in Allow', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/api/public/firms', 'GET, HEAD'],
      ['POST', '/api/user/people/friends?userId=x', 'GET, HEAD'],
      ['PUT', '/api/iam/login/email', 'POST'],
    ]) {
      const response = await ctx.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
    expect((await ctx.request('/api/public/no-such-thing', { method: 'DELETE' })).status).toBe(404);
  });

  it('gives every response a request id and security headers', async () => {
    const response = await ctx.request('/api/health');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses unsafe requests from another site', async () => {
    const foreign = await ctx.request('/api/iam/features', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await ctx.request('/api/iam/features', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'cross_site' });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when PUBLIC_URL is https, and not over plain http', async () => {
    const secure = await createTestContext({ envOverrides: { PUBLIC_URL: 'https://souk.example' } });
    try {
      const response = await secure.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await secure.close();
    }
    expect((await ctx.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('files and pages', () => {
  it('serves only built files as files: paths with dots are pages of the client', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>Souk</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
    const withClient = await createTestContext({ clientDir });
    try {
      for (const page of ['/profile/omar.benali', '/cafe.nour', '/profile/layla.haddad?tab=x', '/some.thing.png']) {
        const response = await withClient.request(page);
        expect(response.status, page).toBe(200);
        expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
        expect(await response.text(), page).toContain('<div id="root">');
      }
      expect((await withClient.request('/robots.txt')).headers.get('content-type')).toMatch(/^text\/plain/);
      expect((await withClient.request('/assets/app-abc123.js')).status).toBe(200);
      // a hashed asset that is not there (an old build's chunk) stays a real 404
      expect((await withClient.request('/assets/app-old999.js')).status).toBe(404);
    } finally {
      await withClient.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
