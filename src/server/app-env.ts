import type { Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

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
  /** the client's address as TRUST_PROXY reads it: use `clientAddress(c)` (src/server/lib/client-address.ts) */
  clientAddress: string | undefined;
  /** the caller's active employment in the firm a workspace route acts on (lib/permissions.ts) */
  employment: ActiveEmployment | undefined;
  /** the database the workspace guards read employments from (set by `workspaceGuard`) */
  workspaceDb: Kysely<Database> | undefined;
  /** which guard of lib/permissions.ts let the request through: every workspace route needs one */
  access: string | undefined;
}

/** An active employment, read afresh on every workspace request (removal takes effect at once). */
export interface ActiveEmployment {
  id: string;
  firmId: string;
  userId: string;
  role: 'OWNER' | 'MANAGER' | 'STAFF';
  profession: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
