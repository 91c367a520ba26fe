import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { AppDeps } from '../../app-deps';
import { sessionUserSchema, type SessionUser } from '../../../shared/user';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  ageOn,
  type SessionInfo,
  type SessionSummary,
} from '../../../shared/auth';
import { MINIMUM_AGE } from '../../../shared/limits';
import { HttpError } from '../../lib/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import {
  REFRESH_TOKEN_TTL_MS,
  loadOrCreateSecret,
  randomCode,
  randomToken,
  safeEqual,
  sha256,
  signAccessToken,
  verifyAccessToken,
} from '../../lib/tokens';
import type { Mailer } from '../../lib/mail';
import { randomId, shortId } from '../../lib/ids';
import { createGoogleVerifier, GoogleTokenError } from '../../lib/google';
import { FRIENDSHIP_STATUS } from '../../../shared/people';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export interface SignedIn extends IssuedTokens {
  user: SessionUser;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const INVALID_CREDENTIALS = 'Invalid Credentials.';
export const INVALID_CODE = 'The code is wrong or has expired. Ask for a new one.';

const EMPTY_INFO: SessionInfo = { deviceType: '', deviceOs: '', osVersion: '', browser: '', userAgent: '' };

function fieldError(field: string, key: string): HttpError {
  return new HttpError(400, 'Bad request – please check your input.', 'validation_failed', { [field]: [key] });
}

function slug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);
}

/** The accounts and sessions service: plain inputs, plain outputs; cookies and HTTP stay in the routes. */
export function createAuthService(deps: AppDeps & { mail: Mailer }) {
  const { db, env, clock, mail, logger } = deps;
  const secret = loadOrCreateSecret(env.dataDir);
  const verifyGoogle = createGoogleVerifier({
    jwksUrl: env.GOOGLE_JWKS_URL,
    issuer: env.GOOGLE_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID,
  });
  const nowIso = () => clock().toISOString();

  async function sessionUser(userId: string, executor: Kysely<Database> = db): Promise<SessionUser | null> {
    const user = await executor.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const friends = await executor
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', FRIENDSHIP_STATUS.accepted)
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .executeTakeFirst();
    return shapeUser(user, Number(friends?.count ?? 0));
  }

  function shapeUser(user: UserRow, totalFriends: number): SessionUser {
    return sessionUserSchema.parse({
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      flip: user.flip,
      imagePath: user.image_path,
      totalFriends,
      statusCode: user.status_code,
      email: user.email,
      regionPreference: user.region_preference === 'US' ? 'US' : 'EU',
      hourFormat: user.hour_format === 24 ? 24 : 12,
    });
  }

  async function uniqueFlip(executor: Kysely<Database>, firstName: string, lastName: string): Promise<string> {
    const base = slug(`${firstName} ${lastName}`) || 'member';
    for (let attempt = 0; attempt < 8; attempt++) {
      const candidate = attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex').slice(0, 4)}`;
      const taken = await executor.selectFrom('users').select('id').where('flip', '=', candidate).executeTakeFirst();
      if (!taken) return candidate;
    }
    return `${base}-${crypto.randomBytes(6).toString('hex')}`;
  }

  async function createUser(
    executor: Kysely<Database>,
    input: {
      firstName: string;
      lastName: string;
      email: string | null;
      passwordHash: string | null;
      googleSub: string | null;
      dateOfBirth: string | null;
    },
  ): Promise<string> {
    const id = randomId();
    await executor
      .insertInto('users')
      .values({
        id,
        short_id: shortId(),
        flip: await uniqueFlip(executor, input.firstName, input.lastName),
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        password_hash: input.passwordHash,
        google_sub: input.googleSub,
        image_path: null,
        date_of_birth: input.dateOfBirth,
        status_code: 1,
        is_private: 0,
        region_preference: 'EU',
        hour_format: 12,
        language: 'en',
        created_at: nowIso(),
      })
      .execute();
    return id;
  }

  /** Opens a login (a refresh-token family) and issues its first tokens. */
  async function openSession(
    userId: string,
    method: string,
    info: SessionInfo | undefined,
    meta: ClientMeta,
    executor: Kysely<Database> = db,
  ): Promise<IssuedTokens> {
    const now = clock();
    const sessionId = randomId();
    const details = { ...EMPTY_INFO, ...info };
    await executor
      .insertInto('auth_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        method,
        device_type: details.deviceType,
        device_os: details.deviceOs,
        os_version: details.osVersion,
        browser: details.browser,
        user_agent: (details.userAgent || meta.userAgent).slice(0, 512),
        ip: meta.ip,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    const refreshToken = randomToken();
    await executor
      .insertInto('refresh_tokens')
      .values({ token_hash: sha256(refreshToken), session_id: sessionId, created_at: now.toISOString(), used_at: null })
      .execute();
    const accessToken = await signAccessToken(secret, { userId, sessionId }, now);
    return { accessToken, refreshToken, sessionId };
  }

  async function signIn(userId: string, method: string, info: SessionInfo | undefined, meta: ClientMeta): Promise<SignedIn> {
    const tokens = await openSession(userId, method, info, meta);
    const user = await sessionUser(userId);
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
    return { ...tokens, user };
  }

  async function revokeSessions(
    where: { userId: string; sessionId?: string; exceptSessionId?: string },
    reason: string,
    executor: Kysely<Database> = db,
  ): Promise<number> {
    let query = executor
      .updateTable('auth_sessions')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('user_id', '=', where.userId)
      .where('revoked_at', 'is', null);
    if (where.sessionId) query = query.where('id', '=', where.sessionId);
    if (where.exceptSessionId) query = query.where('id', '!=', where.exceptSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  // ---- email codes -------------------------------------------------------------------------

  async function issueCode(purpose: 'signup' | 'reset', email: string, payload: unknown): Promise<string> {
    const code = randomCode();
    const now = clock();
    await db.transaction().execute(async (trx) => {
      // A new code replaces the earlier ones.
      await trx
        .updateTable('email_codes')
        .set({ consumed_at: now.toISOString() })
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('email_codes')
        .values({
          id: randomId(),
          purpose,
          email,
          code_hash: sha256(`${purpose}:${email}:${code}`),
          payload: payload === undefined ? null : JSON.stringify(payload),
          attempts: 0,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
          consumed_at: null,
        })
        .execute();
    });
    return code;
  }

  /**
   * Takes a code: it must be the latest one for this email and purpose, unexpired, unused and
   * within its attempts. A wrong code counts an attempt. Returns the code's payload.
   */
  async function consumeCode(purpose: 'signup' | 'reset', email: string, code: string): Promise<string | null> {
    const now = nowIso();
    const row = await db
      .selectFrom('email_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
      throw new HttpError(400, INVALID_CODE, 'invalid_code');
    }
    if (!safeEqual(row.code_hash, sha256(`${purpose}:${email}:${code}`))) {
      await db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw new HttpError(400, INVALID_CODE, 'invalid_code');
    }
    // Single use, also under a race: only one request flips consumed_at.
    const taken = await db
      .updateTable('email_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(400, INVALID_CODE, 'invalid_code');
    return row.payload;
  }

  const link = (pathAndQuery: string) => `${env.publicUrl}${pathAndQuery}`;

  return {
    sessionUser,
    revokeSessions,

    /** Who an access token belongs to, if its login is still open. */
    async resolveAccess(token: string | undefined): Promise<{ userId: string; sessionId: string } | null> {
      if (!token) return null;
      const claims = await verifyAccessToken(secret, token, clock());
      if (!claims) return null;
      const session = await db
        .selectFrom('auth_sessions')
        .select(['id', 'user_id'])
        .where('id', '=', claims.sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      if (!session || session.user_id !== claims.userId) return null;
      return claims;
    },

    async loginWithEmail(email: string, password: string, info: SessionInfo | undefined, meta: ClientMeta) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status_code'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Unknown emails verify against a dummy hash: same answer, comparable time.
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) return null;
      return signIn(user.id, 'email', info, meta);
    },

    async startSignup(input: { firstName: string; lastName: string; email: string; password: string; dateOfBirth: string }) {
      if (ageOn(input.dateOfBirth, clock()) < MINIMUM_AGE) throw fieldError('dateOfBirth', 'validation.tooYoung');
      const problem = passwordProblem(input.password, { email: input.email });
      if (problem) throw fieldError('password', problem);
      // Hash first in both branches so a known email answers in the same time.
      const passwordHash = await hashPassword(input.password);
      const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
      if (existing) {
        await mail.send({
          to: input.email,
          subject: 'Someone tried to sign up to Souk with your email',
          text: [
            'Someone (maybe you) tried to create a Souk account with this email address.',
            'You already have an account. To sign in, open:',
            link('/login'),
            '',
            'Forgot your password? Reset it here:',
            link(`/password?email=${encodeURIComponent(input.email)}`),
            '',
            'If this was not you, you can ignore this message.',
          ].join('\n'),
        });
        return;
      }
      const code = await issueCode('signup', input.email, {
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        passwordHash,
      });
      await mail.send({
        to: input.email,
        subject: 'Your Souk sign-up code',
        text: [
          `Hello ${input.firstName},`,
          '',
          'Enter this code to finish creating your Souk account:',
          '',
          `Code: ${code}`,
          '',
          'It works once and expires in 10 minutes.',
          'If you did not ask for it, you can ignore this message.',
        ].join('\n'),
      });
    },

    async completeSignup(email: string, code: string, info: SessionInfo | undefined, meta: ClientMeta): Promise<SignedIn> {
      const payload = await consumeCode('signup', email, code);
      const pending = JSON.parse(payload ?? '{}') as {
        firstName: string;
        lastName: string;
        dateOfBirth: string;
        passwordHash: string;
      };
      let userId: string;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
          if (taken) throw new HttpError(400, INVALID_CODE, 'invalid_code');
          return createUser(trx, {
            firstName: pending.firstName,
            lastName: pending.lastName,
            email,
            passwordHash: pending.passwordHash,
            googleSub: null,
            dateOfBirth: pending.dateOfBirth,
          });
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        logger.warn({ err: error }, 'signup completion failed');
        throw new HttpError(400, INVALID_CODE, 'invalid_code');
      }
      return signIn(userId, 'signup', info, meta);
    },

    async loginWithGoogle(idToken: string, nonce: string | undefined, info: SessionInfo | undefined, meta: ClientMeta) {
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
          const byEmail = await trx
            .selectFrom('users')
            .select(['id', 'google_sub'])
            .where('email', '=', identity.email)
            .executeTakeFirst();
          if (byEmail && !byEmail.google_sub) {
            await trx.updateTable('users').set({ google_sub: identity.sub }).where('id', '=', byEmail.id).execute();
            return byEmail.id;
          }
          if (byEmail) throw new HttpError(409, 'This email belongs to another Google account.', 'conflict');
        }
        return createUser(trx, {
          firstName: identity.givenName.slice(0, 60) || 'Souk',
          lastName: identity.familyName.slice(0, 60) || 'Member',
          email: identity.email && identity.emailVerified ? identity.email : null,
          passwordHash: null,
          googleSub: identity.sub,
          dateOfBirth: null,
        });
      });
      return signIn(userId, 'google', info, meta);
    },

    /**
     * Rotates a refresh token. A token that was already rotated is reuse: someone holds a copy,
     * so the whole login (every token of the family) is revoked.
     */
    async refresh(refreshToken: string | undefined): Promise<SignedIn | null> {
      if (!refreshToken) return null;
      const hash = sha256(refreshToken);
      const row = await db
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.used_at',
          'auth_sessions.id as session_id',
          'auth_sessions.user_id',
          'auth_sessions.revoked_at',
          'auth_sessions.expires_at',
        ])
        .where('refresh_tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return null;
      const now = clock();
      if (row.used_at) {
        await revokeSessions({ userId: row.user_id, sessionId: row.session_id }, 'refresh token reuse');
        logger.warn({ sessionId: row.session_id }, 'refresh token reuse: login revoked');
        return null;
      }
      if (row.revoked_at || row.expires_at <= now.toISOString()) return null;
      const next = randomToken();
      const rotated = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now.toISOString() })
          .where('token_hash', '=', hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: sha256(next), session_id: row.session_id, created_at: now.toISOString(), used_at: null })
          .execute();
        await trx
          .updateTable('auth_sessions')
          .set({ last_used_at: now.toISOString() })
          .where('id', '=', row.session_id)
          .execute();
        return true;
      });
      if (!rotated) {
        // Lost a race with another use of the same token: that is reuse too.
        await revokeSessions({ userId: row.user_id, sessionId: row.session_id }, 'refresh token reuse');
        return null;
      }
      const user = await sessionUser(row.user_id);
      if (!user) return null;
      const accessToken = await signAccessToken(secret, { userId: row.user_id, sessionId: row.session_id }, now);
      return { accessToken, refreshToken: next, sessionId: row.session_id, user };
    },

    /** Ends the login the cookies belong to. */
    async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
      const claims = accessToken ? await verifyAccessToken(secret, accessToken, clock()) : null;
      let target = claims ? { userId: claims.userId, sessionId: claims.sessionId } : null;
      if (!target && refreshToken) {
        const row = await db
          .selectFrom('refresh_tokens')
          .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
          .select(['auth_sessions.id', 'auth_sessions.user_id'])
          .where('refresh_tokens.token_hash', '=', sha256(refreshToken))
          .executeTakeFirst();
        if (row) target = { userId: row.user_id, sessionId: row.id };
      }
      if (target) await revokeSessions(target, 'logout');
    },

    async updateProfile(
      userId: string,
      input: { firstName: string; lastName: string; regionPreference?: 'US' | 'EU'; hourFormat?: 12 | 24 },
    ) {
      await db
        .updateTable('users')
        .set({
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.regionPreference ? { region_preference: input.regionPreference } : {}),
          ...(input.hourFormat ? { hour_format: input.hourFormat } : {}),
        })
        .where('id', '=', userId)
        .execute();
      return sessionUser(userId);
    },

    async setImage(userId: string, imageId: string) {
      await db.updateTable('users').set({ image_path: imageId }).where('id', '=', userId).execute();
      return sessionUser(userId);
    },

    async listSessions(userId: string, currentSessionId: string | undefined): Promise<SessionSummary[]> {
      const rows = await db
        .selectFrom('auth_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .orderBy('last_used_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        deviceType: row.device_type,
        deviceOs: row.device_os,
        osVersion: row.os_version,
        browser: row.browser,
        userAgent: row.user_agent,
        ip: row.ip,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        current: row.id === currentSessionId,
      }));
    },

    async startPasswordReset(email: string): Promise<void> {
      const user = await db.selectFrom('users').select(['id', 'first_name']).where('email', '=', email).executeTakeFirst();
      if (!user) {
        // Nothing to send; spend about the time a send takes so both answers look alike.
        await new Promise((resolve) => setTimeout(resolve, 5 + crypto.randomInt(0, 10)));
        return;
      }
      const code = await issueCode('reset', email, undefined);
      await mail.send({
        to: email,
        subject: 'Reset your Souk password',
        text: [
          `Hello ${user.first_name},`,
          '',
          'Enter this code to choose a new password:',
          '',
          `Code: ${code}`,
          '',
          'Or open this link:',
          link(`/password?email=${encodeURIComponent(email)}&code=${code}`),
          '',
          'It works once and expires in 10 minutes. Setting a new password signs you out everywhere else.',
          'If you did not ask for it, you can ignore this message: your password stays as it is.',
        ].join('\n'),
      });
    },

    async completePasswordReset(email: string, code: string, password: string, info: SessionInfo | undefined, meta: ClientMeta) {
      const problem = passwordProblem(password, { email });
      if (problem) throw fieldError('password', problem);
      await consumeCode('reset', email, code);
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!user) throw new HttpError(400, INVALID_CODE, 'invalid_code');
      const passwordHash = await hashPassword(password);
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      // Every other login ends; this device gets a fresh one.
      await revokeSessions({ userId: user.id }, 'password reset');
      return signIn(user.id, 'reset', info, meta);
    },

    /** for tests: how many open logins a user has */
    async openSessionCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('auth_sessions')
        .select(sql<number>`count(*)`.as('count'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
