import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { SESSION_INFO, call, insertUser } from '../../testing/auth-helpers';

const PASSWORD = 'amber-lantern-kettle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Makes every insert into refresh_tokens fail, as a full disk or a lost connection would. */
async function refuseRefreshTokens() {
  if (ctx.deps.dialect === 'sqlite') {
    await sql`create trigger refuse_refresh_tokens before insert on refresh_tokens begin select raise(abort, 'refused by the test'); end`.execute(
      ctx.deps.db,
    );
  } else {
    await sql`create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(
      ctx.deps.db,
    );
    await sql`create trigger refuse_refresh_tokens before insert on refresh_tokens for each row execute function refuse_insert()`.execute(
      ctx.deps.db,
    );
  }
}

describe('opening a login', () => {
  it('stores the session and its first refresh token together or not at all', async () => {
    const id = await insertUser(ctx, 'atomic@souk.test', PASSWORD);
    await refuseRefreshTokens();
    const response = await call(ctx, null, 'POST', '/api/iam/login/email', {
      email: 'atomic@souk.test',
      password: PASSWORD,
      sessionInfo: SESSION_INFO,
    });
    expect(response.status).toBe(500);
    expect(response.headers.getSetCookie()).toEqual([]);
    // No half-open login: the session row went with the refused token.
    const sessions = await ctx.deps.db.selectFrom('auth_sessions').select('id').where('user_id', '=', id).execute();
    expect(sessions).toEqual([]);
  });
});
