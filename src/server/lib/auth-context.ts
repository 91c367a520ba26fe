import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, RequestUser, UserResolver } from '../app-env';
import { unauthenticated } from './errors';

/**
 * The one seam between the auth module and every other module: who is making this request.
 * The auth module installs `resolveUser` (reading and verifying the access-token cookie);
 * other modules call `currentUser(c)` or put `requireUser` in front of their routes.
 * Role and permission checks (the workspace's permission matrix) belong here too, beside `requireUser`.
 */
export type { RequestUser } from '../app-env';

export function authContext(resolveUser: UserResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('resolveUser', resolveUser);
    await next();
  };
}

export async function currentUser(c: Context<AppEnv>): Promise<RequestUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  const resolve = c.get('resolveUser');
  const user = resolve ? await resolve(c) : null;
  c.set('user', user);
  return user;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentUser(c))) throw unauthenticated();
  await next();
};

/** Who reads a public answer: the signed-in user's id, undefined when signed out (what followers-only items depend on). */
export async function viewerOf(c: Context<AppEnv>): Promise<string | undefined> {
  return (await currentUser(c))?.id;
}

/** The signed-in user of a route behind `requireUser`. */
export async function userOf(c: Context<AppEnv>): Promise<RequestUser> {
  const user = await currentUser(c);
  if (!user) throw unauthenticated();
  return user;
}
