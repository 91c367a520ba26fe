import type { AppDeps } from '../../app-deps';
import { createAccountService } from './accounts.service';
import { createEmailCodes } from './email-codes.service';
import { createGoogleLogin } from './google-login.service';
import { createSessionService } from './sessions.service';
import { loadSessionUser } from './session-user';

export { INVALID_CREDENTIALS } from './sessions.service';

/**
 * The accounts and sessions service: plain inputs, plain outputs; cookies and HTTP stay in the
 * routes. Composed of its parts: sessions (open, refresh, revoke, list), accounts (signup,
 * password, profile), email codes, and Google sign-in.
 */
export function createAuthService(deps: AppDeps) {
  const { db, env, clock, mail, logger, secrets } = deps;
  const sessions = createSessionService({ db, clock, logger, keys: secrets.tokenKeys, refreshKey: secrets.refreshKey });
  const codes = createEmailCodes({ db, clock });
  const accounts = createAccountService({ db, env, clock, logger, mail, sessions, codes });
  return {
    ...sessions,
    ...accounts,
    sessionUser: (userId: string) => loadSessionUser(db, userId),
    loginWithGoogle: createGoogleLogin({ db, env, clock, sessions }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
