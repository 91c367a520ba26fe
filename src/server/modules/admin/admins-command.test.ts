import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { insertPerson, login } from '../../testing/marketplace-fixtures';
import { runAdminsCommand } from './admins-command';

/** `npm run admins`: the operator names an admin by email, the area opens for them, and it is logged. */
let ctx: TestContext;
const lines: string[] = [];
/** a minute later at each call, so the log's order is the commands' */
let minute = 0;
const now = () => new Date(Date.UTC(2026, 2, 1, 10, minute++));
const run = (...args: string[]) => runAdminsCommand(args, { db: ctx.deps.db, now, out: (line) => lines.push(line) });

beforeAll(async () => {
  ctx = await createTestContext({ envOverrides: { ADMIN_AREA: 'on' } });
  await insertPerson(ctx.deps.db, 'ops', { email: 'ops@example.com' });
});
afterAll(() => ctx.close());

describe('npm run admins', () => {
  it('adds an admin, who then sees the area, and removes them again', async () => {
    const cookie = await login(ctx, 'ops@example.com');
    const me = () => ctx.request('/api/admin/me', { headers: { cookie } });
    expect((await me()).status).toBe(404);
    expect(await run('add', 'OPS@example.com')).toBe(0);
    expect((await me()).status).toBe(200);
    lines.length = 0;
    await run('list');
    expect(lines).toEqual(['ops@example.com  since 2026-03-01T10:00:00.000Z']);
    expect(await run('remove', 'ops@example.com')).toBe(0);
    expect((await me()).status).toBe(404);
    const actions = await ctx.deps.db.selectFrom('admin_audit_log').select(['action', 'target_id']).orderBy('id').execute();
    expect(actions).toEqual([
      { action: 'admin.add', target_id: 'ops' },
      { action: 'admin.remove', target_id: 'ops' },
    ]);
  });

  it('refuses an unknown email or command', async () => {
    expect(await run('add', 'nobody@example.com')).toBe(2);
    expect(await run('promote')).toBe(2);
  });
});
