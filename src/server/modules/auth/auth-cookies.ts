import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import type { Env } from '../../lib/env';
import type { SessionUser } from '../../../shared/user';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE, SESSION_HINT_VALUE } from '../../../shared/session-hint';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_MS } from '../../lib/tokens';
import type { SignedIn } from './sessions.service';

const NONCE_TTL_S = 10 * 60;

/**
 * The auth cookies: the access and refresh tokens (HttpOnly), the Google nonce, and the session
 * hint. `__Host-` names unless COOKIE_SECURE=false (README, "Cookies").
 */
export function createAuthCookies(env: Pick<Env, 'COOKIE_SECURE'>) {
  // __Host-: Secure, Path=/, no Domain; browsers accept it on http://localhost too.
  const prefix = env.COOKIE_SECURE ? '__Host-' : '';
  const names = { access: `${prefix}souk_at`, refresh: `${prefix}${REFRESH_COOKIE}`, nonce: `${prefix}souk_gn` };
  const base = { httpOnly: true, secure: env.COOKIE_SECURE, path: '/', sameSite: 'Lax' as const };

  // The session hint (src/shared/session-hint.ts): `souk_session=1`, readable by page scripts and
  // carrying no secret, it only tells the client and the server renderer that a session may exist.
  // It lives as long as the refresh cookie and goes wherever the session cookies go.
  const hintOptions = { httpOnly: false, secure: env.COOKIE_SECURE, path: '/', sameSite: 'Lax' as const };
  const setSessionHint = (c: Context<AppEnv>) =>
    setCookie(c, SESSION_HINT_COOKIE, SESSION_HINT_VALUE, { ...hintOptions, maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });

  function setSessionCookies(c: Context<AppEnv>, tokens: { accessToken: string; refreshToken: string }) {
    setCookie(c, names.access, tokens.accessToken, { ...base, maxAge: ACCESS_TOKEN_TTL_S });
    setCookie(c, names.refresh, tokens.refreshToken, { ...base, maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });
    setSessionHint(c);
  }

  /**
   * A browser with a refresh cookie and no hint (a login from before the hint existed, or a hint
   * the user deleted) would start signed out in the client while the server renders the loading
   * indicator: the page's response puts the hint back before any script reads it.
   */
  const restoreSessionHint: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (!(c.res.headers.get('content-type') ?? '').startsWith('text/html')) return;
    if (!getCookie(c, names.refresh) || getCookie(c, SESSION_HINT_COOKIE)) return;
    if (c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`))) return;
    setSessionHint(c);
  };

  return {
    restoreSessionHint,
    accessToken: (c: Context<AppEnv>) => getCookie(c, names.access),
    refreshToken: (c: Context<AppEnv>) => getCookie(c, names.refresh),

    clearSessionCookies(c: Context<AppEnv>) {
      deleteCookie(c, names.access, base);
      deleteCookie(c, names.refresh, base);
      deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
    },

    /** No session: a leftover hint would only make the next visit wait for check-session again. */
    dropStaleHint(c: Context<AppEnv>) {
      if (getCookie(c, SESSION_HINT_COOKIE) !== undefined) deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
    },

    /** Sets the session cookies of a new or refreshed login and answers `{success, user}`. */
    signedIn(c: Context<AppEnv>, result: SignedIn) {
      setSessionCookies(c, result);
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, user: result.user satisfies SessionUser }, 200);
    },

    /** The Google ID token must come back with this nonce; the cookie ties it to this browser. */
    setGoogleNonce(c: Context<AppEnv>, nonce: string) {
      setCookie(c, names.nonce, nonce, { ...base, maxAge: NONCE_TTL_S });
    },
    /** The nonce this browser was given, used once. */
    takeGoogleNonce(c: Context<AppEnv>): string | undefined {
      const nonce = getCookie(c, names.nonce);
      deleteCookie(c, names.nonce, base);
      return nonce;
    },
  };
}

export type AuthCookies = ReturnType<typeof createAuthCookies>;
