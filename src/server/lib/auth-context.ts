import type { Context, MiddlewareHandler } from 'hono';
import { unauthenticated } from './errors';

/**
 * The one seam between the auth module and every other module: who is making this request.
 * The auth module installs `resolveUser` (reading and verifying the access-token cookie);
 * other modules call `currentUser(c)` or put `requireUser` in front of their routes.
 */
export interface RequestUser {
  id: string;
}

type Resolver = (c: Context) => Promise<RequestUser | null>;

export function authContext(resolveUser: Resolver): MiddlewareHandler {
  return async (c, next) => {
    c.set('resolveUser' as never, resolveUser as never);
    await next();
  };
}

export async function currentUser(c: Context): Promise<RequestUser | null> {
  const cached = c.get('user' as never) as RequestUser | null | undefined;
  if (cached !== undefined) return cached;
  const resolve = c.get('resolveUser' as never) as Resolver | undefined;
  const user = resolve ? await resolve(c) : null;
  c.set('user' as never, user as never);
  return user;
}

export const requireUser: MiddlewareHandler = async (c, next) => {
  if (!(await currentUser(c))) throw unauthenticated();
  await next();
};

/** The signed-in user of a route behind `requireUser`. */
export async function userOf(c: Context): Promise<RequestUser> {
  const user = await currentUser(c);
  if (!user) throw unauthenticated();
  return user;
}
