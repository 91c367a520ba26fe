import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createRouter } from './openapi';
import { authContext } from './auth-context';
import { employmentOf, entityFirm, requireAccount, requireEmployment, workspaceGuard } from './permissions';
import { HttpError, problem } from './errors';
import { FIRM, OTHER_FIRM, useWorkspace } from '../testing/workspace-fixtures';

const workspace = useWorkspace();

/** A small app with the real guards over the fixture database; `x-user` says who calls. */
function app() {
  const router = createRouter();
  router.use(
    '*',
    authContext(async (c) => {
      const id = c.req.header('x-user');
      return id ? { id } : null;
    }),
  );
  router.use('*', workspaceGuard({ db: workspace.ctx.deps.db, logger: createLogger('silent') }));
  router.get('/unguarded', (c) => c.json({ secret: true }));
  router.get('/firm', requireEmployment('team.manage'), (c) => c.json(employmentOf(c)));
  router.get('/employments/:employmentId', requireEmployment('team.view', entityFirm('employments', 'employmentId')), (c) =>
    c.json({ ok: true }),
  );
  router.get('/mine', requireAccount, (c) => c.json({ ok: true }));
  router.onError((error, c) => {
    const status = error instanceof HttpError ? error.status : 500;
    return c.json(problem(status, error instanceof HttpError ? error.detail : undefined), status as 500);
  });
  return router;
}

const get = (path: string, user?: string) => app().request(path, { headers: user ? { 'x-user': user } : {} });

describe('requireEmployment', () => {
  it('answers 401 signed out, 403 without an active employment or the permission, and passes the right role', async () => {
    expect((await get(`/firm?firmId=${FIRM}`)).status).toBe(401);
    expect((await get(`/firm?firmId=${FIRM}`, workspace.userId('stranger'))).status).toBe(403);
    expect((await get(`/firm?firmId=${FIRM}`, workspace.userId('otherOwner'))).status).toBe(403);
    expect((await get(`/firm?firmId=${FIRM}`, workspace.userId('staff'))).status).toBe(403);
    const allowed = await get(`/firm?firmId=${FIRM}`, workspace.userId('manager'));
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ firmId: FIRM, role: 'MANAGER', userId: workspace.userId('manager') });
    // an unknown firm is no different from a firm one does not work for
    expect((await get('/firm?firmId=nope', workspace.userId('owner'))).status).toBe(403);
    expect((await get('/firm', workspace.userId('owner'))).status).toBe(400);
  });

  it("answers 404 for another firm's entity and for one that does not exist", async () => {
    const own = await workspace.newPerson(FIRM);
    const theirs = await workspace.newPerson(OTHER_FIRM);
    expect((await get(`/employments/${own.employmentId}`, workspace.userId('staff'))).status).toBe(200);
    expect((await get(`/employments/${theirs.employmentId}`, workspace.userId('staff'))).status).toBe(404);
    expect((await get('/employments/missing', workspace.userId('staff'))).status).toBe(404);
  });

  it('reads the employment on every request: deactivated, the very next request is refused', async () => {
    const person = await workspace.newPerson(FIRM, 'MANAGER');
    expect((await get(`/firm?firmId=${FIRM}`, person.userId)).status).toBe(200);
    await workspace.ctx.deps.db.updateTable('employments').set({ active: 0 }).where('id', '=', person.employmentId!).execute();
    expect((await get(`/firm?firmId=${FIRM}`, person.userId)).status).toBe(403);
  });
});

describe('workspaceGuard', () => {
  it('turns the answer of a route without a guard into a 500, never its data', async () => {
    const response = await get('/unguarded', workspace.userId('owner'));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('secret');
  });

  it('lets requireAccount routes answer for any signed-in user', async () => {
    expect((await get('/mine')).status).toBe(401);
    expect((await get('/mine', workspace.userId('stranger'))).status).toBe(200);
  });
});
