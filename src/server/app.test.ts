import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/test-app';
import { FEATURE_KEYS } from '../shared/feature-flags';

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
