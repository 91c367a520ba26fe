import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { HttpError, unauthenticated } from '../../lib/errors';
import type { AuthCookies } from './auth-cookies';
import type { AuthService } from './auth.service';

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
  return new Hono<AppEnv>()
    .get('/auth/check-session', async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = await currentUser(c);
      if (user) {
        const shaped = await service.sessionUser(user.id);
        if (shaped) return c.json({ success: true, user: shaped });
      }
      // An expired access token with a refresh token still there: 401 makes the client refresh.
      if (cookies.refreshToken(c)) throw unauthenticated();
      cookies.dropStaleHint(c);
      return c.json({ success: false, user: null });
    })
    .post('/auth/refresh', async (c) => {
      const result = await service.refresh(cookies.refreshToken(c));
      if (!result) {
        cookies.clearSessionCookies(c);
        throw new HttpError(401, 'Failed to refresh token', 'refresh_failed');
      }
      return cookies.signedIn(c, result);
    })
    .post('/auth/logout', async (c) => {
      await service.logout(cookies.accessToken(c), cookies.refreshToken(c));
      cookies.clearSessionCookies(c);
      return c.json({ success: true });
    })
    .get('/sessions', requireUser, async (c) => {
      const user = await userOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await service.listSessions(user.id, await currentSessionId(c)));
    })
    .post('/sessions/revoke-others', requireUser, async (c) => {
      const user = await userOf(c);
      const revoked = await service.revokeSessions({ userId: user.id, exceptSessionId: await currentSessionId(c) }, 'revoked by user');
      return c.json({ success: true, revoked });
    })
    .delete('/sessions/:id', requireUser, async (c) => {
      const user = await userOf(c);
      const sessionId = c.req.param('id');
      const revoked = await service.revokeSessions({ userId: user.id, sessionId }, 'revoked by user');
      if (!revoked) throw new HttpError(404, 'Session not found.');
      if (sessionId === (await currentSessionId(c))) cookies.clearSessionCookies(c);
      return c.json({ success: true, revoked });
    });
}
