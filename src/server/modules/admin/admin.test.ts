import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { insertPerson, login } from '../../testing/marketplace-fixtures';
import { FEATURE_SWITCH_TTL_MS } from '../../lib/feature-flags';

/** The operator's area: who sees it, the audit log, and feature switches that reach every instance. */
const ADMIN_EMAIL = 'named-admin@example.com';

let a: TestContext;
let b: TestContext;
const cookies: Record<'admin' | 'listed' | 'member', string> = { admin: '', listed: '', member: '' };

beforeAll(async () => {
  const envOverrides = { ADMIN_AREA: 'on', ADMIN_EMAILS: `other@example.com, ${ADMIN_EMAIL.toUpperCase()}` };
  a = await createTestContext({ envOverrides });
  b = await a.sibling({ envOverrides });
  const db = a.deps.db;
  await insertPerson(db, 'admin', { email: ADMIN_EMAIL, first_name: 'Ada', last_name: 'Admin' });
  await insertPerson(db, 'listed');
  await insertPerson(db, 'member', { first_name: 'Mona', last_name: 'Member' });
  await db.insertInto('platform_admins').values({ user_id: 'listed', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  for (const who of ['admin', 'listed', 'member'] as const) {
    cookies[who] = await login(a, who === 'admin' ? ADMIN_EMAIL : `${who}@example.com`);
  }
});
afterAll(() => a.close());

function as(ctx: TestContext, who: keyof typeof cookies | 'anonymous', path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who !== 'anonymous') headers.set('cookie', cookies[who]);
  if (init.body) headers.set('content-type', 'application/json');
  return ctx.request(path, { ...init, headers });
}

function switchFeature(key: string, enabled: boolean) {
  return as(a, 'admin', `/api/admin/features/${key}`, { method: 'PUT', body: JSON.stringify({ enabled, reason: 'maintenance window' }) });
}

const signupBody = JSON.stringify({
  firstName: 'New',
  lastName: 'Comer',
  email: 'new.comer@example.com',
  password: 'amber-lantern-kettle-9',
  dateOfBirth: '1990-01-01',
});
const signupStatus = async (ctx: TestContext) =>
  (await ctx.request('/api/iam/signup/email/start', { method: 'POST', headers: { 'content-type': 'application/json' }, body: signupBody }))
    .status;

/** Polls until `check` holds, for at most twice the switches' cache time. */
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 2 * FEATURE_SWITCH_TTL_MS + 1000) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe('who sees the admin area', () => {
  it('is there for admins named by ADMIN_EMAILS (any case) and by the admins command', async () => {
    const named = await as(a, 'admin', '/api/admin/me');
    expect(named.status).toBe(200);
    expect(await named.json()).toEqual({ userId: 'admin', name: 'Ada Admin' });
    expect((await as(a, 'listed', '/api/admin/me')).status).toBe(200);
  });

  it('does not exist for members and the signed out', async () => {
    for (const who of ['member', 'anonymous'] as const) {
      const response = await as(a, who, '/api/admin/features');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('does not exist for anyone while the deployment leaves it off', async () => {
    const off = await createTestContext();
    try {
      await insertPerson(off.deps.db, 'admin', { email: ADMIN_EMAIL });
      const cookie = await login(off, ADMIN_EMAIL);
      expect((await off.request('/api/admin/me', { headers: { cookie } })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('feature switches', () => {
  it('switches SIGNUP off on every instance without a restart, logs it, and back on', async () => {
    expect(await signupStatus(b)).not.toBe(503); // b has read the flags: its cache is warm
    const response = await switchFeature('SIGNUP', false);
    expect(response.status).toBe(200);
    expect((await response.json()).find((flag: { key: string }) => flag.key === 'SIGNUP')).toMatchObject({
      enabled: false,
      startValue: true,
      switchedBy: 'admin',
    });
    expect(await signupStatus(a)).toBe(503);
    await eventually(async () => (await signupStatus(b)) === 503);
    const flags = (await (await b.request('/api/iam/features')).json()) as { key: string; enabled: boolean }[];
    expect(flags.find((flag) => flag.key === 'SIGNUP')?.enabled).toBe(false);

    const log = await (await as(a, 'listed', '/api/admin/audit-log')).json();
    expect(log.entries[0]).toMatchObject({
      adminUserId: 'admin',
      adminName: 'Ada Admin',
      action: 'feature.switch',
      targetId: 'SIGNUP',
      reason: 'maintenance window',
      detail: { enabled: false },
    });

    expect((await switchFeature('SIGNUP', true)).status).toBe(200);
    await eventually(async () => (await signupStatus(b)) !== 503);
  });

  it('keeps FEATURES_OFF as the start value', async () => {
    const started = await createTestContext({ envOverrides: { ADMIN_AREA: 'on', FEATURES_OFF: 'CREATE_FIRM' } });
    try {
      const flags = (await (await started.request('/api/iam/features')).json()) as { key: string; enabled: boolean }[];
      expect(flags.find((flag) => flag.key === 'CREATE_FIRM')?.enabled).toBe(false);
      expect(flags.find((flag) => flag.key === 'SIGNUP')?.enabled).toBe(true);
    } finally {
      await started.close();
    }
  });

  it('refuses a switch without a reason or of an unknown flag', async () => {
    const noReason = await as(a, 'admin', '/api/admin/features/SIGNUP', { method: 'PUT', body: JSON.stringify({ enabled: false }) });
    expect(noReason.status).toBe(400);
    expect((await switchFeature('NOT_A_FLAG', false)).status).toBe(400);
    expect((await switchFeature('LOGIN', false)).status).toBe(200);
    expect((await switchFeature('LOGIN', true)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('cannot be edited or emptied, even straight in the database', async () => {
    await expect(sql`UPDATE admin_audit_log SET reason = 'nothing happened'`.execute(a.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM admin_audit_log`.execute(a.deps.db)).rejects.toThrow(/append-only/);
    const log = await (await as(a, 'admin', '/api/admin/audit-log')).json();
    expect(log.entries.length).toBeGreaterThan(0);
    expect(log.entries.every((entry: { reason: string }) => entry.reason !== 'nothing happened')).toBe(true);
  });
});

describe('members, firms and figures', () => {
  it('finds members by name and shows one with their status and reports', async () => {
    const found = await (await as(a, 'admin', '/api/admin/users?q=mona')).json();
    expect(found.map((user: { id: string }) => user.id)).toEqual(['member']);
    await a.deps.db
      .insertInto('reports')
      .values({
        id: 'r1',
        reporter_id: 'listed',
        target_type: 'user',
        target_id: 'member',
        target_name: 'Mona Member',
        reason: 'spam',
        details: '',
        created_at: new Date().toISOString(),
      })
      .execute();
    const profile = await (await as(a, 'admin', '/api/admin/users/member')).json();
    expect(profile.user).toMatchObject({ id: 'member', statusCode: 1, isAdmin: false });
    expect(profile.reportsAbout.map((report: { id: string }) => report.id)).toEqual(['r1']);
    expect((await as(a, 'admin', '/api/admin/users/nobody')).status).toBe(404);
  });

  it('counts new members and reports per day', async () => {
    const figures = await (await as(a, 'admin', '/api/admin/figures?days=7')).json();
    expect(figures.days).toHaveLength(7);
    const today = figures.days[6];
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.reports).toBe(1);
    expect((await as(a, 'admin', '/api/admin/figures?days=365')).status).toBe(400);
  });
});
