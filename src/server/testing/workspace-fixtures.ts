import crypto from 'node:crypto';
import { beforeAll } from 'vitest';
import type { Role } from '../../shared/permissions';
import { FIXTURE_NOW, insertPerson, login, useMarketplace } from './marketplace-fixtures';
import { signedIn } from './order-fixtures';

/**
 * The people of the workspace tests: a team in firm f1 of the fixture marketplace (owner, manager,
 * staff), the owner of another firm (f2), a signed-in stranger, and nobody (anonymous).
 */
export const ACTORS = ['anonymous', 'stranger', 'staff', 'manager', 'owner', 'otherOwner'] as const;
export type Actor = (typeof ACTORS)[number];

export const FIRM = 'f1';
export const OTHER_FIRM = 'f2';

let counter = 0;

/** An employment row straight in the database. */
async function insertEmployment(
  db: ReturnType<typeof useMarketplace>['ctx']['deps']['db'],
  firmId: string,
  userId: string,
  role: Role,
  extra: { active?: number; profession?: string | null } = {},
): Promise<string> {
  const id = `emp-${firmId}-${userId}`;
  await db
    .insertInto('employments')
    .values({
      id,
      firm_id: firmId,
      user_id: userId,
      user_role: role,
      profession: extra.profession ?? null,
      active: extra.active ?? 1,
      created_at: '2026-01-02T00:00:00.000Z',
    })
    .execute();
  return id;
}

/**
 * A module test file's marketplace plus the workspace's people, signed in: call at the top of the
 * file; `as(actor, path, init)` sends a request with that actor's cookies (none for anonymous).
 */
export function useWorkspace() {
  const market = useMarketplace();
  const cookies: Partial<Record<Actor, string>> = {};
  const ids: Partial<Record<Actor, string>> = {};
  beforeAll(async () => {
    const db = market.ctx.deps.db;
    for (const actor of ACTORS) {
      if (actor === 'anonymous') continue;
      ids[actor] = `user-${actor.toLowerCase()}`;
      await insertPerson(db, ids[actor]!, { first_name: actor[0].toUpperCase() + actor.slice(1), last_name: 'Tester' });
    }
    await insertEmployment(db, FIRM, ids.owner!, 'OWNER');
    await insertEmployment(db, FIRM, ids.manager!, 'MANAGER', { profession: 'Floor manager' });
    await insertEmployment(db, FIRM, ids.staff!, 'STAFF', { profession: 'Barista' });
    await insertEmployment(db, OTHER_FIRM, ids.otherOwner!, 'OWNER');
    // the matrix and the team tests are about roles, not limits: the plan tests use other firms
    await db.updateTable('firms').set({ plan_key: 'premium' }).where('id', '=', FIRM).execute();
    for (const actor of ACTORS) {
      if (actor !== 'anonymous') cookies[actor] = await login(market.ctx, `${ids[actor]}@example.com`);
    }
  });

  /** A new person, optionally employed in `firmId`: a fresh target for a test that changes someone. */
  async function newPerson(firmId?: string, role: Role = 'STAFF', extra: { active?: number } = {}) {
    counter += 1;
    const userId = `person-${counter}-${crypto.randomBytes(3).toString('hex')}`;
    await insertPerson(market.ctx.deps.db, userId, { first_name: 'New', last_name: `Person ${counter}` });
    const employmentId = firmId ? await insertEmployment(market.ctx.deps.db, firmId, userId, role, extra) : undefined;
    return { userId, employmentId, email: `${userId}@example.com`, flip: `flip-${userId}` };
  }

  /**
   * A new person signed in as a guest of the firms: its id and `call(method, path, body?, headers?)`,
   * which answers the status and the parsed JSON body.
   */
  async function newGuest() {
    const person = await newPerson();
    const cookie = await signedIn(market.ctx, person.userId);
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await market.ctx.request(path, {
        method,
        headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    return { userId: person.userId, call };
  }
  /** An open invitation straight in the database, with the token of its emailed link. */
  async function newInvitation(firmId: string, extra: { inviteeUserId?: string; email?: string; role?: Role } = {}) {
    counter += 1;
    const token = crypto.randomBytes(32).toString('base64url');
    const id = `inv-${counter}-${crypto.randomBytes(3).toString('hex')}`;
    await market.ctx.deps.db
      .insertInto('invitations')
      .values({
        id,
        firm_id: firmId,
        email: extra.email ?? null,
        invitee_user_id: extra.inviteeUserId ?? null,
        user_role: extra.role ?? 'STAFF',
        profession: null,
        token_hash: crypto.createHash('sha256').update(token).digest('hex'),
        invited_by: ids.owner ?? null,
        status: 'pending',
        language: 'en',
        created_at: new Date(FIXTURE_NOW.getTime() - 86_400_000).toISOString(),
        expires_at: new Date(FIXTURE_NOW.getTime() + 7 * 86_400_000).toISOString(),
      })
      .execute();
    return { id, token };
  }

  return {
    market,
    newInvitation,
    get ctx() {
      return market.ctx;
    },
    userId: (actor: Exclude<Actor, 'anonymous'>) => ids[actor]!,
    /** the actor's user id, or none for anonymous */
    userIdOf: (actor: Actor) => ids[actor],
    cookie: (actor: Actor) => cookies[actor],
    newPerson,
    newGuest,
    /** A request as `actor`: JSON unless the body is a FormData. */
    as(actor: Actor, path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (cookies[actor]) headers.set('Cookie', cookies[actor]!);
      if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
        headers.set('Content-Type', 'application/json');
      }
      return market.ctx.request(path, { ...init, headers });
    },
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
