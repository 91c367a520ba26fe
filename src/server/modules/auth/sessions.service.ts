import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { SessionInfo, SessionSummary } from '../../../shared/auth';
import { USER_STATUS, type SessionUser } from '../../../shared/user';
import { HttpError } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { REFRESH_TOKEN_TTL_MS, randomToken, sha256, signAccessToken, verifyAccessToken, type TokenKeys } from '../../lib/tokens';
import { loadSessionUser } from './session-user';

interface IssuedTokens {
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

/**
 * How long a rotated refresh token still answers with its successor (two tabs refreshing at once,
 * a retry after a lost answer); after that, presenting it again is reuse.
 */
export const REFRESH_GRACE_MS = 20_000;

const EMPTY_INFO: SessionInfo = { deviceType: '', deviceOs: '', osVersion: '', browser: '', userAgent: '' };

/**
 * Logins ("sessions"): each is a refresh-token family. Opening one issues its first tokens,
 * refreshing rotates them (a reused token revokes the family), and a user lists and revokes them.
 */
export function createSessionService(deps: {
  db: Kysely<Database>;
  clock: () => Date;
  logger: Logger;
  keys: TokenKeys;
  refreshKey: Uint8Array;
}) {
  const { db, clock, logger, keys, refreshKey } = deps;
  const nowIso = () => clock().toISOString();

  /** Opens a login (a refresh-token family) and issues its first tokens: both rows or neither. */
  async function openSession(userId: string, method: string, info: SessionInfo | undefined, meta: ClientMeta): Promise<IssuedTokens> {
    const now = clock();
    const sessionId = randomId();
    const details = { ...EMPTY_INFO, ...info };
    const refreshToken = randomToken();
    await db.transaction().execute(async (trx) => {
      await trx
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
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: sha256(refreshToken), session_id: sessionId, created_at: now.toISOString(), used_at: null })
        .execute();
    });
    const accessToken = await signAccessToken(keys, { userId, sessionId }, now);
    return { accessToken, refreshToken, sessionId };
  }

  /** The successor of a refresh token: derived with the server's key, so one token has exactly one. */
  function successorOf(refreshToken: string): string {
    return crypto.createHmac('sha256', refreshKey).update(`refresh-successor:${refreshToken}`).digest('base64url');
  }

  /**
   * A token rotated less than REFRESH_GRACE_MS ago whose successor is there and not yet used in
   * turn: the same answer again. (A successor already rotated means the chain went on without this
   * copy: reuse.)
   */
  async function withinGrace(usedAt: string, now: Date, sessionId: string, successor: string): Promise<boolean> {
    if (now.getTime() - Date.parse(usedAt) > REFRESH_GRACE_MS) return false;
    const row = await db
      .selectFrom('refresh_tokens')
      .select(['session_id', 'used_at'])
      .where('token_hash', '=', sha256(successor))
      .executeTakeFirst();
    return row?.session_id === sessionId && row.used_at === null;
  }

  /**
   * A new login for a user whose credentials were just proven: every way of signing in (password,
   * Google, signup, reset) comes through here, so an inactive account is refused in one place.
   */
  async function signIn(userId: string, method: string, info: SessionInfo | undefined, meta: ClientMeta): Promise<SignedIn> {
    const account = await db.selectFrom('users').select(['status_code', 'suspended_until']).where('id', '=', userId).executeTakeFirst();
    if (account && account.status_code !== USER_STATUS.active) {
      throw new HttpError(403, 'This account is not active. Contact support to reopen it.', 'account_inactive');
    }
    if (account && isSuspended(account.suspended_until, nowIso())) {
      throw new HttpError(403, 'This account is suspended. The notice we sent says why and until when.', 'account_suspended');
    }
    const tokens = await openSession(userId, method, info, meta);
    const user = await loadSessionUser(db, userId);
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
    return { ...tokens, user };
  }

  async function revokeSessions(where: { userId: string; sessionId?: string; exceptSessionId?: string }, reason: string): Promise<number> {
    let query = db
      .updateTable('auth_sessions')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('user_id', '=', where.userId)
      .where('revoked_at', 'is', null);
    if (where.sessionId) query = query.where('id', '=', where.sessionId);
    if (where.exceptSessionId) query = query.where('id', '!=', where.exceptSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    signIn,
    revokeSessions,

    /** Who an access token belongs to, if its login is still open. */
    async resolveAccess(token: string | undefined): Promise<{ userId: string; sessionId: string } | null> {
      if (!token) return null;
      const claims = await verifyAccessToken(keys, token, clock());
      if (!claims) return null;
      const session = await db
        .selectFrom('auth_sessions')
        .innerJoin('users', 'users.id', 'auth_sessions.user_id')
        .select(['auth_sessions.id', 'auth_sessions.user_id'])
        .where('auth_sessions.id', '=', claims.sessionId)
        .where('auth_sessions.revoked_at', 'is', null)
        .where('auth_sessions.expires_at', '>', nowIso())
        .where('users.status_code', '=', USER_STATUS.active)
        // suspending revokes the sessions too; this also holds for a token minted in the same instant
        .where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', nowIso())]))
        .executeTakeFirst();
      if (!session || session.user_id !== claims.userId) return null;
      return claims;
    },

    /**
     * Rotates a refresh token. Its successor is derived from it with the server's key, so two
     * requests presenting the same token within REFRESH_GRACE_MS of its rotation (two tabs, or a
     * retry after an answer lost on a bad mobile link) both get the same successor and both stay
     * signed in. Presented again after that, it is reuse: someone holds a copy, so the whole login
     * (every token of the family) is revoked. An inactive account's login ends here too.
     */
    async refresh(refreshToken: string | undefined): Promise<SignedIn | null> {
      if (!refreshToken) return null;
      const hash = sha256(refreshToken);
      const row = await db
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .innerJoin('users', 'users.id', 'auth_sessions.user_id')
        .select([
          'refresh_tokens.used_at',
          'auth_sessions.id as session_id',
          'auth_sessions.user_id',
          'auth_sessions.revoked_at',
          'auth_sessions.expires_at',
          'users.status_code',
          'users.suspended_until',
        ])
        .where('refresh_tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return null;
      const now = clock();
      if (row.revoked_at || row.expires_at <= now.toISOString()) return null;
      const session = { userId: row.user_id, sessionId: row.session_id };
      if (row.status_code !== USER_STATUS.active || isSuspended(row.suspended_until, now.toISOString())) {
        await revokeSessions(session, 'account inactive');
        return null;
      }
      const next = successorOf(refreshToken);
      let usedAt = row.used_at;
      if (!usedAt) {
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
          await trx.updateTable('auth_sessions').set({ last_used_at: now.toISOString() }).where('id', '=', row.session_id).execute();
          return true;
        });
        // Lost a race with another use of the same token: it rotated it a moment ago.
        if (!rotated) usedAt = now.toISOString();
      }
      if (usedAt && !(await withinGrace(usedAt, now, row.session_id, next))) {
        await revokeSessions(session, 'refresh token reuse');
        logger.warn({ sessionId: row.session_id }, 'refresh token reuse: login revoked');
        return null;
      }
      const user = await loadSessionUser(db, row.user_id);
      if (!user) return null;
      const accessToken = await signAccessToken(keys, session, now);
      return { accessToken, refreshToken: next, sessionId: row.session_id, user };
    },

    /** Ends the login the cookies belong to. */
    async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
      const claims = accessToken ? await verifyAccessToken(keys, accessToken, clock()) : null;
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
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Whether an admin's suspension (or termination) of the account still runs at `now`. */
function isSuspended(until: string | null, now: string): boolean {
  return until !== null && until > now;
}
