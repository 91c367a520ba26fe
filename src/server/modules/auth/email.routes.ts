import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import {
  emailLoginSchema,
  passwordResetCompleteSchema,
  passwordResetStartSchema,
  signupCompleteSchema,
  signupStartSchema,
} from '../../../shared/auth';
import { HttpError } from '../../lib/errors';
import type { FeatureFlags } from '../../lib/feature-flags';
import { validate } from '../../lib/validate';
import type { AuthCookies } from './auth-cookies';
import { clientMeta, failedCode, failedLogin, type AuthGuards } from './auth-guards';
import { INVALID_CREDENTIALS, type AuthService } from './auth.service';

/** `/api/iam/login/email`, `/api/iam/signup/email/*` and `/api/iam/password/reset/*`. */
export function emailRoutes({
  service,
  cookies,
  guards: { capped, limited, throttled },
  flags: { requireFeature },
}: {
  service: AuthService;
  cookies: AuthCookies;
  guards: AuthGuards;
  flags: FeatureFlags;
}) {
  return new Hono<AppEnv>()
    .post('/login/email', requireFeature('LOGIN'), capped, validate('json', emailLoginSchema), async (c) => {
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
        failedLogin,
      );
      return cookies.signedIn(c, result);
    })
    .post('/signup/email/start', requireFeature('SIGNUP'), capped, validate('json', signupStartSchema), async (c) => {
      const input = c.req.valid('json');
      // Every start sends a mail: five per email and IP per window.
      await throttled(c, 'signup-start', input.email, () => service.startSignup(input));
      return c.json({ success: true });
    })
    .post('/signup/email/complete', requireFeature('SIGNUP'), capped, validate('json', signupCompleteSchema), async (c) => {
      const { email, code, sessionInfo } = c.req.valid('json');
      const result = await limited(c, 'code', email, () => service.completeSignup(email, code, sessionInfo, clientMeta(c)), failedCode);
      return cookies.signedIn(c, result);
    })
    .post('/password/reset/start', requireFeature('PASSWORD_RESET'), capped, validate('json', passwordResetStartSchema), async (c) => {
      const { email } = c.req.valid('json');
      await throttled(c, 'reset-start', email, () => service.startPasswordReset(email));
      // The same answer whether or not the email has an account.
      return c.json({ success: true });
    })
    .post(
      '/password/reset/complete',
      requireFeature('PASSWORD_RESET'),
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
        return cookies.signedIn(c, result);
      },
    );
}
