import {
  emailLoginSchema,
  passwordResetCompleteSchema,
  passwordResetStartSchema,
  signupCompleteSchema,
  signupStartSchema,
  successSchema,
} from '../../../shared/auth';
import { authResponseSchema } from '../../../shared/user';
import type { BackgroundWork } from '../../lib/background';
import { HttpError } from '../../lib/errors';
import type { FeatureFlags } from '../../lib/feature-flags';
import { createRoute, createRouter, json, jsonBody, problems } from '../../lib/openapi';
import type { AuthCookies } from './auth-cookies';
import type { KnownDevices } from './known-devices';
import { clientMeta, failedCode, failedLogin, type AuthGuards } from './auth-guards';
import { requestLanguage } from '../../../shared/request-language';
import { INVALID_CREDENTIALS, type AuthService } from './auth.service';

const tags = ['Auth'];
const signedIn = json(authResponseSchema, 'Signed in: session cookies set, `{success, user}`.', 'AuthResponse');

/** `/api/iam/login/email`, `/api/iam/signup/email/*` and `/api/iam/password/reset/*`. */
export function emailRoutes({
  service,
  cookies,
  devices,
  guards: { capped, limited, throttled },
  flags: { requireFeature },
  background,
}: {
  service: AuthService;
  cookies: AuthCookies;
  devices: KnownDevices;
  guards: AuthGuards;
  flags: FeatureFlags;
  background: BackgroundWork;
}) {
  const login = createRoute({
    method: 'post',
    path: '/login/email',
    tags,
    middleware: [requireFeature('LOGIN'), capped],
    summary: 'Signs in with email and password',
    request: { body: jsonBody(emailLoginSchema) },
    responses: { 200: signedIn, ...problems(400, 401, 429, 503) },
  });
  const signupStart = createRoute({
    method: 'post',
    path: '/signup/email/start',
    tags,
    middleware: [requireFeature('SIGNUP'), capped],
    summary: 'Starts a signup: mails a six-digit code',
    description: 'The same answer whether or not the email has an account (that one gets a different mail).',
    request: { body: jsonBody(signupStartSchema) },
    responses: { 200: json(successSchema, 'A mail is on its way.', 'Success'), ...problems(400, 429, 503) },
  });
  const signupComplete = createRoute({
    method: 'post',
    path: '/signup/email/complete',
    tags,
    middleware: [requireFeature('SIGNUP'), capped],
    summary: 'Completes a signup with the mailed code, and signs in',
    request: { body: jsonBody(signupCompleteSchema) },
    responses: { 200: signedIn, ...problems(400, 429, 503) },
  });
  const resetStart = createRoute({
    method: 'post',
    path: '/password/reset/start',
    tags,
    middleware: [requireFeature('PASSWORD_RESET'), capped],
    summary: 'Starts a password reset: mails a code and a link',
    description: 'The same answer whether or not the email has an account.',
    request: { body: jsonBody(passwordResetStartSchema) },
    responses: { 200: json(successSchema, 'A mail is on its way if the account exists.', 'Success'), ...problems(400, 429, 503) },
  });
  const resetComplete = createRoute({
    method: 'post',
    path: '/password/reset/complete',
    tags,
    middleware: [requireFeature('PASSWORD_RESET'), capped],
    summary: 'Sets a new password with the mailed code; ends every other login and signs in',
    request: { body: jsonBody(passwordResetCompleteSchema.extend({ sessionInfo: emailLoginSchema.shape.sessionInfo })) },
    responses: { 200: signedIn, ...problems(400, 429, 503) },
  });

  return createRouter()
    .openapi(login, async (c) => {
      const { email, password, sessionInfo } = c.req.valid('json');
      const known = devices.isKnown(c, email);
      const result = await limited(
        c,
        'login',
        email,
        async () => {
          const signed = await service.loginWithEmail(email, password, sessionInfo, clientMeta(c));
          if (!signed) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
          return signed;
        },
        failedLogin,
        { accountWide: !known },
      );
      if (!known) {
        const meta = clientMeta(c);
        background.run('new device mail', () => service.mailNewDevice(result.user, meta));
      }
      devices.remember(c, email);
      return cookies.signedIn(c, result);
    })
    .openapi(signupStart, async (c) => {
      const input = c.req.valid('json');
      // Every start sends a mail: five per email and IP per window.
      await throttled(c, 'signup-start', input.email, () => service.startSignup(input, requestLanguage(c.req.raw)));
      return c.json({ success: true }, 200);
    })
    .openapi(signupComplete, async (c) => {
      const { email, code, sessionInfo } = c.req.valid('json');
      const result = await limited(c, 'code', email, () => service.completeSignup(email, code, sessionInfo, clientMeta(c)), failedCode);
      devices.remember(c, email);
      return cookies.signedIn(c, result);
    })
    .openapi(resetStart, async (c) => {
      const { email } = c.req.valid('json');
      // The same answer in the same time whether or not the email has an account: the lookup, the
      // code and the mail all happen after the answer has gone.
      await throttled(c, 'reset-start', email, async () => background.run('password reset mail', () => service.startPasswordReset(email)));
      return c.json({ success: true }, 200);
    })
    .openapi(resetComplete, async (c) => {
      const { email, code, password, sessionInfo } = c.req.valid('json');
      const result = await limited(
        c,
        'code',
        email,
        () => service.completePasswordReset(email, code, password, sessionInfo, clientMeta(c)),
        failedCode,
      );
      devices.remember(c, email);
      return cookies.signedIn(c, result);
    });
}
