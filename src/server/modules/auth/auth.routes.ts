import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import {
  emailLoginSchema,
  googleLoginSchema,
  passwordResetCompleteSchema,
  passwordResetStartSchema,
  profileUpdateSchema,
  signupCompleteSchema,
  signupStartSchema,
} from '../../../shared/auth';
import type { SessionUser } from '../../../shared/user';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE, SESSION_HINT_VALUE } from '../../../shared/session-hint';
import { HttpError, unauthenticated } from '../../lib/errors';
import { featureFlags } from '../../lib/feature-flags';
import { validate } from '../../lib/validate';
import { currentUser, requireUser, userOf, type RequestUser } from '../../lib/auth-context';
import { FailureLimiter, RequestCap } from '../../lib/rate-limit';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_MS, randomToken } from '../../lib/tokens';
import { GOOGLE_AUTHORIZATION_ENDPOINT } from '../../lib/google';
import { createMailer, type Mailer } from '../../lib/mail';
import { storeImage } from '../../lib/media';
import { createAuthService, INVALID_CREDENTIALS, type AuthService, type ClientMeta, type SignedIn } from './auth.service';

/** 5 failures per email and IP, then 429 for 15 minutes; a success clears the count. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** every auth attempt of one IP, successful or not */
export const IP_CAP = 300;
export const IP_CAP_WINDOW_MS = 5 * 60_000;
const NONCE_TTL_S = 10 * 60;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

interface CookieNames {
  access: string;
  refresh: string;
  nonce: string;
}

function cookieNames(secure: boolean): CookieNames {
  // __Host-: Secure, Path=/, no Domain; browsers accept it on http://localhost too.
  const prefix = secure ? '__Host-' : '';
  return { access: `${prefix}souk_at`, refresh: `${prefix}${REFRESH_COOKIE}`, nonce: `${prefix}souk_gn` };
}

export interface AuthModule {
  routes: Hono<AppEnv>;
  /** for `authContext`: the user of the access-token cookie, if its login is open */
  resolveUser(c: Context<AppEnv>): Promise<RequestUser | null>;
  /** for HTML pages: puts back the session hint of a browser that has a refresh cookie but no hint */
  restoreSessionHint: MiddlewareHandler<AppEnv>;
  service: AuthService;
}

function clientMeta(c: Context<AppEnv>): ClientMeta {
  let ip = '';
  try {
    ip = getConnInfo(c).remote.address ?? '';
  } catch {
    ip = '';
  }
  return { ip: ip.replace(/^::ffff:/, '') || 'unknown', userAgent: c.req.header('user-agent') ?? '' };
}

export function createAuthModule(deps: AppDeps & { mail?: Mailer }): AuthModule {
  const { env, logger } = deps;
  const mail = deps.mail ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.dataDir, logger });
  const service = createAuthService({ ...deps, mail });
  const names = cookieNames(env.COOKIE_SECURE);
  const { isEnabled, requireFeature: feature } = featureFlags(env);
  const failures = new FailureLimiter(MAX_FAILURES, FAILURE_WINDOW_MS, () => deps.clock().getTime());
  const ipCap = new RequestCap(IP_CAP, IP_CAP_WINDOW_MS, () => deps.clock().getTime());

  const cookieBase = { httpOnly: true, secure: env.COOKIE_SECURE, path: '/', sameSite: 'Lax' as const };

  // The session hint (src/shared/session-hint.ts): `souk_session=1`, readable by page scripts and
  // carrying no secret, it only tells the client and the server renderer that a session may exist.
  // It lives as long as the refresh cookie and goes wherever the session cookies go.
  const hintOptions = { httpOnly: false, secure: env.COOKIE_SECURE, path: '/', sameSite: 'Lax' as const };
  const setSessionHint = (c: Context<AppEnv>) =>
    setCookie(c, SESSION_HINT_COOKIE, SESSION_HINT_VALUE, { ...hintOptions, maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });

  function setSessionCookies(c: Context<AppEnv>, tokens: { accessToken: string; refreshToken: string }) {
    setCookie(c, names.access, tokens.accessToken, { ...cookieBase, maxAge: ACCESS_TOKEN_TTL_S });
    setCookie(c, names.refresh, tokens.refreshToken, { ...cookieBase, maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });
    setSessionHint(c);
  }

  function clearSessionCookies(c: Context<AppEnv>) {
    deleteCookie(c, names.access, cookieBase);
    deleteCookie(c, names.refresh, cookieBase);
    deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
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

  function signedIn(c: Context<AppEnv>, result: SignedIn) {
    setSessionCookies(c, result);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, user: result.user satisfies SessionUser });
  }

  const capped: MiddlewareHandler<AppEnv> = async (c, next) => {
    const verdict = ipCap.take(`ip:${clientMeta(c).ip}`);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    await next();
  };

  function tooMany(retryAfter: number) {
    return new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', 'rate_limited', undefined, {
      'Retry-After': String(retryAfter),
    });
  }

  /** Runs an attempt under the per-email+IP failure limit: 429 once it is spent. */
  async function limited<T>(c: Context<AppEnv>, kind: string, email: string, attempt: () => Promise<T>, isFailure: (error: unknown) => boolean) {
    const key = `${kind}:${email}:${clientMeta(c).ip}`;
    const verdict = failures.check(key);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    try {
      const result = await attempt();
      failures.reset(key);
      return result;
    } catch (error) {
      if (isFailure(error)) failures.fail(key);
      throw error;
    }
  }
  /** Like `limited`, but every accepted attempt counts (each one sends a mail). */
  async function throttled(c: Context<AppEnv>, kind: string, email: string, attempt: () => Promise<void>) {
    const key = `${kind}:${email}:${clientMeta(c).ip}`;
    const verdict = failures.check(key);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    await attempt();
    failures.fail(key);
  }
  const failedCode = (error: unknown) => error instanceof HttpError && error.code === 'invalid_code';

  async function resolveUser(c: Context<AppEnv>): Promise<RequestUser | null> {
    const claims = await service.resolveAccess(getCookie(c, names.access));
    if (!claims) return null;
    c.set('authSessionId', claims.sessionId);
    return { id: claims.userId };
  }

  async function currentSessionId(c: Context<AppEnv>): Promise<string | undefined> {
    await currentUser(c);
    return c.get('authSessionId');
  }

  const routes = new Hono<AppEnv>()
    // ---- session -------------------------------------------------------------------------
    .get('/auth/check-session', async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = await currentUser(c);
      if (user) {
        const shaped = await service.sessionUser(user.id);
        if (shaped) return c.json({ success: true, user: shaped });
      }
      // An expired access token with a refresh token still there: 401 makes the client refresh.
      if (getCookie(c, names.refresh)) throw unauthenticated();
      // No session: a leftover hint would only make the next visit wait for this answer again.
      if (getCookie(c, SESSION_HINT_COOKIE) !== undefined) deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
      return c.json({ success: false, user: null });
    })
    .post('/auth/refresh', async (c) => {
      const result = await service.refresh(getCookie(c, names.refresh));
      if (!result) {
        clearSessionCookies(c);
        throw new HttpError(401, 'Failed to refresh token', 'refresh_failed');
      }
      return signedIn(c, result);
    })
    .post('/auth/logout', async (c) => {
      await service.logout(getCookie(c, names.access), getCookie(c, names.refresh));
      clearSessionCookies(c);
      return c.json({ success: true });
    })

    // ---- email login and signup -----------------------------------------------------------
    .post('/login/email', feature('LOGIN'), capped, validate('json', emailLoginSchema), async (c) => {
      const { email, password, sessionInfo } = c.req.valid('json');
      const result = await limited(
        c,
        'login',
        email,
        async () => {
          const signed = await service.loginWithEmail(email, password, sessionInfo, clientMeta(c));
          if (!signed) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
          return signed;
        },
        (error) => error instanceof HttpError && error.code === 'invalid_credentials',
      );
      return signedIn(c, result);
    })
    .post('/signup/email/start', feature('SIGNUP'), capped, validate('json', signupStartSchema), async (c) => {
      const input = c.req.valid('json');
      // Every start sends a mail: five per email and IP per window.
      await throttled(c, 'signup-start', input.email, () => service.startSignup(input));
      return c.json({ success: true });
    })
    .post('/signup/email/complete', feature('SIGNUP'), capped, validate('json', signupCompleteSchema), async (c) => {
      const { email, code, sessionInfo } = c.req.valid('json');
      const result = await limited(c, 'code', email, () => service.completeSignup(email, code, sessionInfo, clientMeta(c)), failedCode);
      return signedIn(c, result);
    })

    // ---- Google ---------------------------------------------------------------------------
    .get('/google/config', (c) => {
      const enabled = Boolean(env.GOOGLE_CLIENT_ID) && isEnabled('LOGIN') && isEnabled('LOGIN_GOOGLE');
      const nonce = randomToken(24);
      // The id token must come back with this nonce; the cookie ties it to this browser.
      setCookie(c, names.nonce, nonce, { ...cookieBase, maxAge: NONCE_TTL_S });
      c.header('Cache-Control', 'no-store');
      return c.json({
        enabled,
        clientId: env.GOOGLE_CLIENT_ID ?? null,
        authorizationEndpoint: GOOGLE_AUTHORIZATION_ENDPOINT,
        nonce,
      });
    })
    .post('/login/google', feature('LOGIN', 'LOGIN_GOOGLE'), capped, validate('json', googleLoginSchema), async (c) => {
      if (!env.GOOGLE_CLIENT_ID) throw new HttpError(503, 'Google sign-in is not configured.', 'feature_off');
      const { idToken, sessionInfo } = c.req.valid('json');
      const nonce = getCookie(c, names.nonce);
      deleteCookie(c, names.nonce, cookieBase);
      const result = await service.loginWithGoogle(idToken, nonce, sessionInfo, clientMeta(c));
      return signedIn(c, result);
    })

    // ---- password reset -------------------------------------------------------------------
    .post('/password/reset/start', feature('PASSWORD_RESET'), capped, validate('json', passwordResetStartSchema), async (c) => {
      const { email } = c.req.valid('json');
      await throttled(c, 'reset-start', email, () => service.startPasswordReset(email));
      // The same answer whether or not the email has an account.
      return c.json({ success: true });
    })
    .post(
      '/password/reset/complete',
      feature('PASSWORD_RESET'),
      capped,
      validate('json', passwordResetCompleteSchema.extend({ sessionInfo: emailLoginSchema.shape.sessionInfo })),
      async (c) => {
        const { email, code, password, sessionInfo } = c.req.valid('json');
        const result = await limited(
          c,
          'code',
          email,
          () => service.completePasswordReset(email, code, password, sessionInfo, clientMeta(c)),
          failedCode,
        );
        return signedIn(c, result);
      },
    )

    // ---- profile --------------------------------------------------------------------------
    .put('/profile', requireUser, validate('json', profileUpdateSchema), async (c) => {
      const user = await userOf(c);
      const updated = await service.updateProfile(user.id, c.req.valid('json'));
      return c.json({ success: true, user: updated });
    })
    .post(
      '/profile/image',
      requireUser,
      bodyLimit({
        maxSize: IMAGE_MAX_BYTES,
        onError: () => {
          throw new HttpError(413, 'The image is too large (8 MB at most).');
        },
      }),
      async (c) => {
        const user = await userOf(c);
        const form = await c.req.parseBody();
        const file = form.image;
        if (!(file instanceof File) || file.size === 0) {
          throw new HttpError(400, 'Choose an image to upload.', 'validation_failed', { image: ['validation.required'] });
        }
        let stored;
        try {
          stored = await storeImage(deps.db, env.dataDir, Buffer.from(await file.arrayBuffer()), { now: deps.clock() });
        } catch (error) {
          logger.info({ err: error }, 'profile image refused');
          throw new HttpError(400, 'This file is not an image we can read.', 'validation_failed', { image: ['validation.image'] });
        }
        const updated = await service.setImage(user.id, stored.id);
        return c.json({ success: true, user: updated });
      },
    )

    // ---- sessions -------------------------------------------------------------------------
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
      if (sessionId === (await currentSessionId(c))) clearSessionCookies(c);
      return c.json({ success: true, revoked });
    });

  return { routes, resolveUser, restoreSessionHint, service };
}

