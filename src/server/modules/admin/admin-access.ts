import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../app-env';
import type { Database } from '../../db/schema';
import type { Env } from '../../lib/env';
import { currentUser } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';

/** The emails ADMIN_EMAILS names, lower-cased. */
function namedEmails(env: Pick<Env, 'ADMIN_EMAILS'>): string[] {
  return env.ADMIN_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether `userId` is a platform admin: a row the admins command wrote, or an email ADMIN_EMAILS names. */
export async function isPlatformAdmin(db: Kysely<Database>, env: Pick<Env, 'ADMIN_EMAILS'>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('platform_admins as a', 'a.user_id', 'u.id')
    .select(['u.email', 'a.user_id as adminId'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  return row.adminId !== null || (row.email !== null && namedEmails(env).includes(row.email.toLowerCase()));
}

/**
 * In front of every /api/admin route: the area does not exist (404, not 401 or 403) unless the
 * deployment turned it on and the caller is a platform admin, read on every request so that a
 * removed admin loses it at once. Firm owners are members like any other here.
 */
export function requirePlatformAdmin(db: Kysely<Database>, env: Pick<Env, 'ADMIN_AREA' | 'ADMIN_EMAILS'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (env.ADMIN_AREA !== 'on') throw notFound();
    const user = await currentUser(c);
    if (!user || !(await isPlatformAdmin(db, env, user.id))) throw notFound();
    await next();
  };
}
