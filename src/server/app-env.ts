import type { Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';

/** Who is making a request, as far as modules other than auth need to know. */
export interface RequestUser {
  id: string;
}

/** How the auth module tells who a request comes from (reads and verifies the access-token cookie). */
export type UserResolver = (c: Context<AppEnv>) => Promise<RequestUser | null>;

/**
 * The per-request variables of the one Hono app, typed once: every router is a `Hono<AppEnv>`
 * (or an OpenAPIHono of it), so `c.get` / `c.set` are checked everywhere.
 */
interface AppVariables extends RequestIdVariables {
  /** installed by `authContext` (src/server/lib/auth-context.ts) on every API request */
  resolveUser: UserResolver;
  /** the resolved caller, once `currentUser(c)` has asked: `null` when signed out */
  user: RequestUser | null | undefined;
  /** the login (auth session) the access token belongs to, set while resolving the user */
  authSessionId: string | undefined;
}

export interface AppEnv {
  Variables: AppVariables;
}
