import type { Actor, Workspace } from './workspace-fixtures';

/**
 * The declared authorization table of the workspace APIs (docs/architecture.md), one file per
 * module: `src/server/modules/<area>/<area>.authz.ts` exports `rows`, keyed by the route as the
 * OpenAPI document names it (`GET /api/dashboard/firms/dash-firm`, `DELETE /api/dashboard/team/employments/{employmentId}`).
 * src/server/api/authorization-matrix.test.ts walks every route of /api/dashboard and /api/business
 * × every actor against it, and fails when a route has no row (or a row no route).
 */
interface AuthzRequest {
  /** the concrete path with its query, e.g. `/api/dashboard/firms/dash-firm?firmId=f1` */
  path: string;
  /** a JSON body, or a FormData for uploads */
  body?: unknown;
  /** headers the route requires (e.g. an Idempotency-Key) */
  headers?: Record<string, string>;
}

interface AuthzRow {
  /**
   * The request `actor` sends. A row that changes something builds a fresh target for each cell
   * (a new person to remove, a new invitation to withdraw), so every cell's answer is its own.
   */
  request(workspace: Workspace, actor: Actor): AuthzRequest | Promise<AuthzRequest>;
  /** the status each actor must get */
  expect: Record<Actor, number>;
  /** puts back what the cell changed when later cells need it (e.g. someone who left the firm) */
  after?(workspace: Workspace, actor: Actor): Promise<void>;
}

export type AuthzRows = Record<string, AuthzRow>;

/**
 * Expected statuses of a route acting on the firm named by `firmId`: 401 signed out, 403 for
 * anyone without an active employment there (strangers, another firm's owner) or whose role lacks
 * the permission, `ok` for the roles that hold it.
 */
export function firmScoped(allowed: readonly Actor[], ok = 200): Record<Actor, number> {
  return {
    anonymous: 401,
    stranger: 403,
    otherOwner: 403,
    staff: allowed.includes('staff') ? ok : 403,
    manager: allowed.includes('manager') ? ok : 403,
    owner: allowed.includes('owner') ? ok : 403,
  };
}

/**
 * Expected statuses of a route naming an entity of the firm in its path: as `firmScoped`, but 404
 * for people of other firms (the entity does not exist for them).
 */
export function entityScoped(allowed: readonly Actor[], ok = 200): Record<Actor, number> {
  return { ...firmScoped(allowed, ok), stranger: 404, otherOwner: 404 };
}

/** A route of the signed-in user's own things: 401 signed out, `ok` for everyone signed in. */
export function accountScoped(ok = 200): Record<Actor, number> {
  return { anonymous: 401, stranger: ok, otherOwner: ok, staff: ok, manager: ok, owner: ok };
}

/** A public route whose authority is what the request carries (a signed link) or nothing: every actor gets `status`. */
export function openToAll(status = 200): Record<Actor, number> {
  return { anonymous: status, stranger: status, otherOwner: status, staff: status, manager: status, owner: status };
}

export const TEAM: readonly Actor[] = ['owner', 'manager', 'staff'];
export const MANAGERS: readonly Actor[] = ['owner', 'manager'];
export const OWNERS: readonly Actor[] = ['owner'];
