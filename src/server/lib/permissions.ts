import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { ActiveEmployment, AppEnv } from '../app-env';
import type { Database } from '../db/schema';
import type { Logger } from './logger';
import { can, isRole, type Permission } from '../../shared/permissions';
import { currentUser } from './auth-context';
import { badRequest, forbidden, HttpError, notFound, unauthenticated } from './errors';

/**
 * Authorization of the workspace APIs (docs/architecture.md): every route under /api/dashboard
 * and /api/business declares ONE of the two guards below in its `createRoute({ middleware })`.
 *
 * - `requireEmployment(permission, firmFrom?)`: the caller must hold an ACTIVE employment in the
 *   firm the request acts on, whose role grants `permission` in the written matrix
 *   (src/shared/permissions.ts). The employment is read from the database on every request, so
 *   removing someone ends their access at once, whatever access token they still hold.
 *   The firm comes from the `firmId` query (or path) parameter: no employment there → 403.
 *   Or from the entity the path names (`firmFrom: entityFirm(...)`): an entity of a firm the
 *   caller does not work for → 404, as if it did not exist (its existence is nobody's business).
 * - `requireAccount`: the signed-in user acting on their own things (their employments, their
 *   invitations, creating a firm), no firm involved.
 *
 * `workspaceGuard(deps)` sits in front of both routers: it gives the guards the database, and a
 * route that answered without passing a guard is turned into a 500, so a route added without one
 * fails the authorization matrix test (src/server/api/authorization-matrix.test.ts) on its first call.
 */

/** Reads the id of the firm that owns the entity of this request, or undefined when there is none. */
export type FirmFrom = (c: Context<AppEnv>, db: Kysely<Database>) => Promise<string | null | undefined>;

/** The default: the `firmId` query or path parameter. */
const firmIdParameter: FirmFrom = async (c) => {
  const firmId = c.req.param('firmId') ?? c.req.query('firmId');
  if (!firmId) throw badRequest('Bad request – please check your input.', { firmId: ['validation.required'] });
  return firmId;
};

/** The firm of the row of `table` whose id is the path parameter `param`. */
export function entityFirm(
  table:
    | 'employments'
    | 'invitations'
    | 'invoices'
    | 'plan_orders'
    | 'events'
    | 'blog_posts'
    | 'menus'
    | 'menu_sections'
    | 'menu_items'
    | 'products'
    | 'conversations'
    | 'reviews'
    | 'firm_tables'
    | 'firm_documents'
    | 'kitchen_tickets'
    | 'bookings'
    | 'booking_tables'
    | 'booking_closures'
    | 'booking_services',
  param: string,
): FirmFrom {
  return async (c, db) => {
    const id = c.req.param(param);
    if (!id) return undefined;
    const row = await db.selectFrom(table).select('firm_id').where('id', '=', id).executeTakeFirst();
    return row?.firm_id;
  };
}

/** The caller's active employment in `firmId`, read now (never cached: removal is immediate). */
async function activeEmployment(db: Kysely<Database>, firmId: string, userId: string): Promise<ActiveEmployment | undefined> {
  const row = await db
    .selectFrom('employments as e')
    .innerJoin('firms as f', 'f.id', 'e.firm_id')
    .select(['e.id', 'e.firm_id', 'e.user_id', 'e.user_role', 'e.profession'])
    .where('e.firm_id', '=', firmId)
    .where('e.user_id', '=', userId)
    .where('e.active', '=', 1)
    .executeTakeFirst();
  if (!row || !isRole(row.user_role)) return undefined;
  return { id: row.id, firmId: row.firm_id, userId: row.user_id, role: row.user_role, profession: row.profession };
}

function dbOf(c: Context<AppEnv>): Kysely<Database> {
  const db = c.get('workspaceDb');
  if (!db) throw new Error('workspaceGuard(deps) must run before the workspace guards');
  return db;
}

export function requireEmployment(permission: Permission, firmFrom?: FirmFrom): MiddlewareHandler<AppEnv> {
  const fromEntity = Boolean(firmFrom);
  const resolveFirm = firmFrom ?? firmIdParameter;
  return async (c, next) => {
    const user = await currentUser(c);
    if (!user) throw unauthenticated();
    const db = dbOf(c);
    const firmId = await resolveFirm(c, db);
    const employment = firmId ? await activeEmployment(db, firmId, user.id) : undefined;
    if (!employment) throw fromEntity ? notFound() : forbidden();
    if (!can(employment.role, permission)) throw forbidden();
    c.set('employment', employment);
    c.set('access', permission);
    await next();
  };
}

/** The signed-in user acting on their own things (no firm): 401 otherwise. */
export const requireAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentUser(c))) throw unauthenticated();
  c.set('access', 'account');
  await next();
};

/** The employment `requireEmployment` found for this request. */
export function employmentOf(c: Context<AppEnv>): ActiveEmployment {
  const employment = c.get('employment');
  if (!employment) throw new Error('employmentOf(c) outside a route guarded by requireEmployment');
  return employment;
}

/** In front of /api/dashboard and /api/business: the guards' database, and no unguarded answer. */
export function workspaceGuard({ db, logger }: { db: Kysely<Database>; logger: Logger }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('workspaceDb', db);
    await next();
    if (!c.get('access') && c.res.status < 400) {
      logger.error({ path: c.req.path, method: c.req.method }, 'workspace route answered without requireEmployment or requireAccount');
      throw new HttpError(500, 'Server error – try again later.');
    }
  };
}
