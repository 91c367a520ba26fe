import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Env } from '../../lib/env';
import { googleLoginSchema } from '../../../shared/auth';
import { HttpError } from '../../lib/errors';
import type { FeatureFlags } from '../../lib/feature-flags';
import { GOOGLE_AUTHORIZATION_ENDPOINT } from '../../lib/google';
import { randomToken } from '../../lib/tokens';
import { validate } from '../../lib/validate';
import type { AuthCookies } from './auth-cookies';
import { clientMeta, type AuthGuards } from './auth-guards';
import type { AuthService } from './auth.service';

/** `/api/iam/google/config` (is it on, and a nonce) and `/api/iam/login/google` (an ID token). */
export function googleRoutes({
  env,
  service,
  cookies,
  guards: { capped },
  flags: { isEnabled, requireFeature },
}: {
  env: Env;
  service: AuthService;
  cookies: AuthCookies;
  guards: AuthGuards;
  flags: FeatureFlags;
}) {
  return new Hono<AppEnv>()
    .get('/google/config', (c) => {
      const enabled = Boolean(env.GOOGLE_CLIENT_ID) && isEnabled('LOGIN') && isEnabled('LOGIN_GOOGLE');
      const nonce = randomToken(24);
      cookies.setGoogleNonce(c, nonce);
      c.header('Cache-Control', 'no-store');
      return c.json({
        enabled,
        clientId: env.GOOGLE_CLIENT_ID ?? null,
        authorizationEndpoint: GOOGLE_AUTHORIZATION_ENDPOINT,
        nonce,
      });
    })
    .post('/login/google', requireFeature('LOGIN', 'LOGIN_GOOGLE'), capped, validate('json', googleLoginSchema), async (c) => {
      if (!env.GOOGLE_CLIENT_ID) throw new HttpError(503, 'Google sign-in is not configured.', 'feature_off');
      const { idToken, sessionInfo } = c.req.valid('json');
      const nonce = cookies.takeGoogleNonce(c);
      const result = await service.loginWithGoogle(idToken, nonce, sessionInfo, clientMeta(c));
      return cookies.signedIn(c, result);
    });
}
