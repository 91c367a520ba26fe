import type { Env } from '../../lib/env';
import { googleConfigSchema, googleLoginSchema } from '../../../shared/auth';
import { authResponseSchema } from '../../../shared/user';
import { HttpError } from '../../lib/errors';
import type { FeatureFlags } from '../../lib/feature-flags';
import { GOOGLE_AUTHORIZATION_ENDPOINT } from '../../lib/google';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { randomToken } from '../../lib/tokens';
import type { AuthCookies } from './auth-cookies';
import { clientMeta, type AuthGuards } from './auth-guards';
import { requestLanguage } from '../../../shared/request-language';
import type { AuthService } from './auth.service';

const tags = ['Auth'];

const config = createRoute({
  method: 'get',
  path: '/google/config',
  tags,
  summary: 'Whether Google sign-in is on, and a nonce for it',
  description: 'Sets the nonce cookie the ID token must come back with.',
  responses: { 200: json(googleConfigSchema, 'The client id, endpoint and nonce.', 'GoogleConfig'), ...problems() },
});

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
  const login = createRoute({
    method: 'post',
    path: '/login/google',
    tags,
    middleware: [requireFeature('LOGIN', 'LOGIN_GOOGLE'), capped],
    summary: 'Signs in (or up) with a Google ID token',
    request: { body: { required: true, content: { 'application/json': { schema: googleLoginSchema } } } },
    responses: {
      200: json(authResponseSchema, 'Signed in: session cookies set, `{success, user}`.', 'AuthResponse'),
      ...problems(400, 401, 409, 429, 503),
    },
  });
  return createRouter()
    .openapi(config, async (c) => {
      const enabled = Boolean(env.GOOGLE_CLIENT_ID) && (await isEnabled('LOGIN')) && (await isEnabled('LOGIN_GOOGLE'));
      const nonce = randomToken(24);
      cookies.setGoogleNonce(c, nonce);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          enabled,
          clientId: env.GOOGLE_CLIENT_ID ?? null,
          authorizationEndpoint: GOOGLE_AUTHORIZATION_ENDPOINT,
          nonce,
        },
        200,
      );
    })
    .openapi(login, async (c) => {
      if (!env.GOOGLE_CLIENT_ID) throw new HttpError(503, 'Google sign-in is not configured.', 'feature_off');
      const { idToken, sessionInfo } = c.req.valid('json');
      const nonce = cookies.takeGoogleNonce(c);
      const result = await service.loginWithGoogle(idToken, nonce, sessionInfo, clientMeta(c), requestLanguage(c.req.raw));
      return cookies.signedIn(c, result);
    });
}
