import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv, UserResolver } from '../app-env';
import type { Database } from '../db/schema';
import { RENDER_LITE_HEADER } from '../../shared/render-hints';
import { isServerRenderedPath } from '../../shared/server-rendered-paths';
import { htmlCacheKey } from './html-cache';

/**
 * The page request as the renderer (src/client/entry-server.tsx) gets it. A signed-in member with
 * lite mode on gets the small pictures from the first byte: before, the server rendered the medium
 * ones and the client switched after hydration, once the session was back, so a lite member's full
 * load downloaded the medium pictures anyway. Only for requests that are never served from the
 * rendered-HTML cache (lib/html-cache.ts), and the hint is the server's alone: one a browser sent
 * is dropped, or a signed-out page rendered with it would be stored for everyone.
 */
export async function renderRequest(c: Context<AppEnv>, deps: { db: Kysely<Database>; resolveUser: UserResolver }): Promise<Request> {
  const request = c.req.raw;
  const lite = isServerRenderedPath(new URL(request.url).pathname) && htmlCacheKey(request) === null && (await liteMember(c, deps));
  if (!lite && !request.headers.has(RENDER_LITE_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(RENDER_LITE_HEADER);
  if (lite) headers.set(RENDER_LITE_HEADER, '1');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

async function liteMember(c: Context<AppEnv>, deps: { db: Kysely<Database>; resolveUser: UserResolver }): Promise<boolean> {
  // an expired access token: not known here (the client refreshes it and switches after hydration)
  const user = await deps.resolveUser(c).catch(() => null);
  if (!user) return false;
  const row = await deps.db.selectFrom('users').select('lite_mode').where('id', '=', user.id).executeTakeFirst();
  return row?.lite_mode === 1;
}
