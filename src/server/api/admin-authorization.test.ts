import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../testing/test-app';
import { insertPerson, login } from '../testing/marketplace-fixtures';
import { ACTORS, useWorkspace, type Actor } from '../testing/workspace-fixtures';

/**
 * The authorization matrix of /api/admin: the area does not exist (404, never 401 or 403) for
 * anyone but a platform admin, firm owners included, and for nobody at all while the deployment
 * leaves it off. Every admin route needs its request here: a route without one fails the first test.
 */
const REQUESTS: Record<string, { path: string; body?: unknown }> = {
  'GET /api/admin/me': { path: '/api/admin/me' },
  'GET /api/admin/features': { path: '/api/admin/features' },
  'PUT /api/admin/features/{key}': { path: '/api/admin/features/CREATE_EVENT', body: { enabled: true, reason: 'matrix check' } },
  'GET /api/admin/audit-log': { path: '/api/admin/audit-log' },
  'GET /api/admin/users': { path: '/api/admin/users?q=tester' },
  'GET /api/admin/users/{userId}': { path: '/api/admin/users/user-stranger' },
  'GET /api/admin/firms': { path: '/api/admin/firms?q=f' },
  'GET /api/admin/firms/{firmId}': { path: '/api/admin/firms/f1' },
  'GET /api/admin/firms/{firmId}/documents/{documentId}': { path: '/api/admin/firms/f1/documents/matrix-document?reason=matrix%20check' },
  'GET /api/admin/figures': { path: '/api/admin/figures?days=3' },
  'GET /api/admin/review-queue': { path: '/api/admin/review-queue' },
  'POST /api/admin/review-queue/actions': {
    path: '/api/admin/review-queue/actions',
    body: { targetType: 'user', targetId: 'user-stranger', action: 'warn', reason: 'matrix check' },
  },
};

const ADMIN_EMAIL = 'matrix-admin@example.com';
const workspace = useWorkspace();
/** the same database served with the area on, and off with the same admin named */
let areaOn: TestContext;
let areaOff: TestContext;
const onCookies: Partial<Record<Actor | 'admin', string>> = {};
let adminOffCookie = '';

beforeAll(async () => {
  await insertPerson(workspace.ctx.deps.db, 'matrix-admin', { email: ADMIN_EMAIL });
  await workspace.ctx.deps.db
    .insertInto('firm_documents')
    .values({
      id: 'matrix-document',
      firm_id: 'f1',
      kind: 'registration',
      name: 'extract.pdf',
      type: 'pdf',
      size: 9,
      storage_key: 'matrix-document-document.pdf',
      uploaded_by: 'matrix',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  areaOn = await workspace.ctx.sibling({ envOverrides: { ADMIN_AREA: 'on', ADMIN_EMAILS: ADMIN_EMAIL } });
  // a sibling keeps its media in its own folder
  await areaOn.deps.storage.put('matrix-document-document.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf');
  for (const actor of ACTORS) {
    if (actor !== 'anonymous') onCookies[actor] = await login(areaOn, `${workspace.userId(actor)}@example.com`);
  }
  onCookies.admin = await login(areaOn, ADMIN_EMAIL);
  areaOff = await workspace.ctx.sibling({ envOverrides: { ADMIN_AREA: 'off', ADMIN_EMAILS: ADMIN_EMAIL } });
  adminOffCookie = await login(areaOff, ADMIN_EMAIL);
});

function send(ctx: TestContext, route: string, cookie: string | undefined) {
  const { path, body } = REQUESTS[route];
  const headers = new Headers(body === undefined ? {} : { 'content-type': 'application/json' });
  if (cookie) headers.set('cookie', cookie);
  return ctx.request(path, {
    method: route.slice(0, route.indexOf(' ')),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('the admin authorization matrix', () => {
  it('has a request for every admin route, and a route for every request', () => {
    const routes = new Set<string>();
    for (const route of workspace.ctx.app.routes) {
      if (route.method !== 'ALL' && route.path.startsWith('/api/admin/'))
        routes.add(`${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`);
    }
    expect([...routes].sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  for (const route of Object.keys(REQUESTS)) {
    it(`${route}: 404 for every member, firm owners included; 200 for a platform admin`, async () => {
      for (const actor of ACTORS) {
        const response = await send(areaOn, route, onCookies[actor]);
        expect(response.status, `${route} as ${actor}`).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/problem+json');
      }
      expect((await send(areaOn, route, onCookies.admin)).status).toBe(200);
    });

    it(`${route}: 404 for the admin too while the area is off`, async () => {
      expect((await send(areaOff, route, adminOffCookie)).status).toBe(404);
    });
  }
});
