import { z } from 'zod';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { sessionListSchema, successSchema } from '../../../shared/auth';
import { sessionsRevokedSchema } from '../../../shared/iam-answers';
import { authResponseSchema } from '../../../shared/user';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { HttpError, unauthenticated } from '../../lib/errors';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import type { AuthCookies } from './auth-cookies';
import type { AuthService } from './auth.service';

const tags = ['Auth'];

const checkSession = createRoute({
  method: 'get',
  path: '/auth/check-session',
  tags,
  summary: 'Who is signed in',
  description: 'A 401 while a refresh cookie is still there means: refresh, then ask again.',
  responses: { 200: json(authResponseSchema, 'The user, or `{success: false, user: null}`.', 'AuthResponse'), ...problems(401) },
});
const refresh = createRoute({
  method: 'post',
  path: '/auth/refresh',
  tags,
  summary: 'Rotates the refresh token and issues a new access token',
  description: 'A refresh token used twice revokes its whole login.',
  responses: { 200: json(authResponseSchema, 'Refreshed; new cookies set.', 'AuthResponse'), ...problems(401) },
});
const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Ends the login of these cookies',
  responses: { 200: json(successSchema, 'Signed out; cookies cleared.', 'Success'), ...problems() },
});
const sessions = createRoute({
  method: 'get',
  path: '/sessions',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: "The user's open logins (devices)",
  responses: { 200: json(sessionListSchema, 'Most recently used first; `current` marks this one.', 'SessionList'), ...problems(401) },
});
const revokeOthers = createRoute({
  method: 'post',
  path: '/sessions/revoke-others',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'Ends every other login of the user',
  responses: { 200: json(sessionsRevokedSchema, 'How many were ended.', 'SessionsRevoked'), ...problems(401) },
});
const revoke = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'Ends one login of the user',
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: json(sessionsRevokedSchema, 'Ended (this one too: cookies cleared).', 'SessionsRevoked'), ...problems(401, 404) },
});

/** The login the request's access token belongs to (set while resolving the user). */
async function currentSessionId(c: Context<AppEnv>): Promise<string | undefined> {
  await currentUser(c);
  return c.get('authSessionId');
}

/**
 * `/api/iam/auth/*` (check-session, refresh, logout) and `/api/iam/sessions` (the user's logins,
 * revoked one by one or all but this one).
 */
export function sessionRoutes({ service, cookies }: { service: AuthService; cookies: AuthCookies }) {
  return createRouter()
    .openapi(checkSession, async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = await currentUser(c);
      if (user) {
        const shaped = await service.sessionUser(user.id);
        if (shaped) return c.json({ success: true, user: shaped }, 200);
      }
      // An expired access token with a refresh token still there: 401 makes the client refresh.
      if (cookies.refreshToken(c)) throw unauthenticated();
      cookies.dropStaleHint(c);
      return c.json({ success: false, user: null }, 200);
    })
    .openapi(refresh, async (c) => {
      const result = await service.refresh(cookies.refreshToken(c));
      if (!result) {
        cookies.clearSessionCookies(c);
        throw new HttpError(401, 'Failed to refresh token', 'refresh_failed');
      }
      return cookies.signedIn(c, result);
    })
    .openapi(logout, async (c) => {
      await service.logout(cookies.accessToken(c), cookies.refreshToken(c));
      cookies.clearSessionCookies(c);
      return c.json({ success: true }, 200);
    })
    .openapi(sessions, async (c) => {
      const user = await userOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await service.listSessions(user.id, await currentSessionId(c)), 200);
    })
    .openapi(revokeOthers, async (c) => {
      const user = await userOf(c);
      const revoked = await service.revokeSessions({ userId: user.id, exceptSessionId: await currentSessionId(c) }, 'revoked by user');
      return c.json({ success: true, revoked }, 200);
    })
    .openapi(revoke, async (c) => {
      const user = await userOf(c);
      const sessionId = c.req.valid('param').id;
      const revoked = await service.revokeSessions({ userId: user.id, sessionId }, 'revoked by user');
      if (!revoked) throw new HttpError(404, 'Session not found.');
      if (sessionId === (await currentSessionId(c))) cookies.clearSessionCookies(c);
      return c.json({ success: true, revoked }, 200);
    });
}
