import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Env } from '../../lib/env';
import type { SessionInfo } from '../../../shared/auth';
import { HttpError } from '../../lib/errors';
import { createGoogleVerifier, GoogleTokenError } from '../../lib/google';
import { createAccount } from './accounts.service';
import type { ClientMeta, SessionService, SignedIn } from './sessions.service';

/** Sign-in with a Google ID token: the account of its subject, its verified email's, or a new one. */
export function createGoogleLogin(deps: { db: Kysely<Database>; env: Env; clock: () => Date; sessions: SessionService }) {
  const { db, env, clock, sessions } = deps;
  const verifyGoogle = createGoogleVerifier({
    jwksUrl: env.GOOGLE_JWKS_URL,
    issuer: env.GOOGLE_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID,
  });

  return async function loginWithGoogle(
    idToken: string,
    nonce: string | undefined,
    info: SessionInfo | undefined,
    meta: ClientMeta,
    /** the request's language: a new account's mails are in it */
    language: string,
  ): Promise<SignedIn> {
    let identity;
    try {
      identity = await verifyGoogle(idToken, nonce, clock());
    } catch (error) {
      if (error instanceof GoogleTokenError) throw new HttpError(401, error.message, 'google_token_refused');
      throw error;
    }
    const userId = await db.transaction().execute(async (trx) => {
      const bySub = await trx.selectFrom('users').select('id').where('google_sub', '=', identity.sub).executeTakeFirst();
      if (bySub) return bySub.id;
      if (identity.email && identity.emailVerified) {
        // Google vouches for the address: link it to the account that already has it.
        const byEmail = await trx.selectFrom('users').select(['id', 'google_sub']).where('email', '=', identity.email).executeTakeFirst();
        if (byEmail && !byEmail.google_sub) {
          await trx.updateTable('users').set({ google_sub: identity.sub }).where('id', '=', byEmail.id).execute();
          return byEmail.id;
        }
        if (byEmail) throw new HttpError(409, 'This email belongs to another Google account.', 'conflict');
      }
      return createAccount(
        trx,
        {
          firstName: identity.givenName.slice(0, 60) || 'Souk',
          lastName: identity.familyName.slice(0, 60) || 'Member',
          email: identity.email && identity.emailVerified ? identity.email : null,
          passwordHash: null,
          googleSub: identity.sub,
          dateOfBirth: null,
          language,
        },
        clock().toISOString(),
      );
    });
    return sessions.signIn(userId, 'google', info, meta);
  };
}
