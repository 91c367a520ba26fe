import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Env } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { ageOn, type SessionInfo } from '../../../shared/auth';
import { MINIMUM_AGE } from '../../../shared/limits';
import { HttpError } from '../../lib/errors';
import { randomId, shortId } from '../../lib/ids';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { INVALID_CODE, type EmailCodes } from './email-codes.service';
import type { ClientMeta, SessionService, SignedIn } from './sessions.service';
import type { SessionUser } from '../../../shared/user';
import { loadSessionUser } from './session-user';
import { newDeviceMail, passwordResetMail, signupCodeMail, signupExistingMail } from './auth.mails';
import { normalizeLanguage } from '../../../shared/i18n';
import { defaultHourFormat } from '../../../shared/dates';
import { adoptGuestNotes } from '../customers/customers.service';

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

async function uniqueFlip(executor: Kysely<Database>, firstName: string, lastName: string): Promise<string> {
  const base = slug(`${firstName} ${lastName}`) || 'member';
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex').slice(0, 4)}`;
    const taken = await executor.selectFrom('users').select('id').where('flip', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}-${crypto.randomBytes(6).toString('hex')}`;
}

interface NewAccount {
  firstName: string;
  lastName: string;
  email: string | null;
  passwordHash: string | null;
  googleSub: string | null;
  dateOfBirth: string | null;
  /** the interface language at signup: the language of the mails the member gets */
  language: string;
}

/** Inserts a new member (inside the caller's transaction) and returns its id. */
export async function createAccount(executor: Kysely<Database>, input: NewAccount, createdAt: string): Promise<string> {
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
      // the region rule: French reads 24-hour times, English and Arabic 12 (spec default)
      hour_format: defaultHourFormat(normalizeLanguage(input.language)),
      language: normalizeLanguage(input.language),
      created_at: createdAt,
    })
    .execute();
  if (input.email) await adoptGuestNotes(executor, input.email, id);
  return id;
}

/** Email accounts: password login, signup with a mailed code, password reset, the profile. */
export function createAccountService(deps: {
  db: Kysely<Database>;
  env: Env;
  clock: () => Date;
  logger: Logger;
  mail: Mailer;
  sessions: SessionService;
  codes: EmailCodes;
}) {
  const { db, env, clock, logger, mail, sessions, codes } = deps;
  const link = (pathAndQuery: string) => `${env.publicUrl}${pathAndQuery}`;

  return {
    async loginWithEmail(email: string, password: string, info: SessionInfo | undefined, meta: ClientMeta) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status_code'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Unknown emails verify against a dummy hash: same answer, comparable time.
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) return null;
      return sessions.signIn(user.id, 'email', info, meta);
    },

    /** Tells the owner that their account was signed in to from a device it had not been used on. */
    async mailNewDevice(user: SessionUser, meta: ClientMeta) {
      if (!user.email) return;
      await mail.send({
        to: user.email,
        language: user.language ?? 'en',
        template: newDeviceMail,
        params: {
          firstName: user.firstName,
          device: meta.userAgent.slice(0, 120) || '?',
          address: meta.ip,
          sessionsUrl: link('/profile/sessions'),
          resetUrl: link(`/password?email=${encodeURIComponent(user.email)}`),
        },
      });
    },

    /** `language`: the language of the request; the mails are in it, and so will be the member's. */
    async startSignup(
      input: { firstName: string; lastName: string; email: string; password: string; dateOfBirth: string },
      language: string,
    ) {
      if (ageOn(input.dateOfBirth, clock()) < MINIMUM_AGE) throw fieldError('dateOfBirth', 'validation.tooYoung');
      const problem = passwordProblem(input.password, { email: input.email });
      if (problem) throw fieldError('password', problem);
      // Hash first in both branches so a known email answers in the same time.
      const passwordHash = await hashPassword(input.password);
      const existing = await db.selectFrom('users').select(['id', 'language']).where('email', '=', input.email).executeTakeFirst();
      if (existing) {
        await mail.send({
          to: input.email,
          language: existing.language,
          template: signupExistingMail,
          params: { loginUrl: link('/login'), resetUrl: link(`/password?email=${encodeURIComponent(input.email)}`) },
        });
        return;
      }
      const code = await codes.issue('signup', input.email, {
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        passwordHash,
        language: normalizeLanguage(language),
      });
      await mail.send({ to: input.email, language, template: signupCodeMail, params: { firstName: input.firstName, code } });
    },

    async completeSignup(email: string, code: string, info: SessionInfo | undefined, meta: ClientMeta): Promise<SignedIn> {
      const payload = await codes.consume('signup', email, code);
      const pending = JSON.parse(payload ?? '{}') as {
        firstName: string;
        lastName: string;
        dateOfBirth: string;
        passwordHash: string;
        language?: string;
      };
      let userId: string;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
          if (taken) throw new HttpError(400, INVALID_CODE, 'invalid_code');
          return createAccount(
            trx,
            {
              firstName: pending.firstName,
              lastName: pending.lastName,
              email,
              passwordHash: pending.passwordHash,
              googleSub: null,
              dateOfBirth: pending.dateOfBirth,
              language: pending.language ?? 'en',
            },
            clock().toISOString(),
          );
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        logger.warn({ err: error }, 'signup completion failed');
        throw new HttpError(400, INVALID_CODE, 'invalid_code');
      }
      return sessions.signIn(userId, 'signup', info, meta);
    },

    async startPasswordReset(email: string): Promise<void> {
      // Called after the answer has gone (email.routes.ts): its time says nothing about the address.
      const user = await db.selectFrom('users').select(['id', 'first_name', 'language']).where('email', '=', email).executeTakeFirst();
      if (!user) return;
      const code = await codes.issue('reset', email, undefined);
      await mail.send({
        to: email,
        language: user.language,
        template: passwordResetMail,
        params: { firstName: user.first_name, code, resetUrl: link(`/password?email=${encodeURIComponent(email)}&code=${code}`) },
      });
    },

    async completePasswordReset(email: string, code: string, password: string, info: SessionInfo | undefined, meta: ClientMeta) {
      const problem = passwordProblem(password, { email });
      if (problem) throw fieldError('password', problem);
      await codes.consume('reset', email, code);
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!user) throw new HttpError(400, INVALID_CODE, 'invalid_code');
      const passwordHash = await hashPassword(password);
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      // Every other login ends; this device gets a fresh one.
      await sessions.revokeSessions({ userId: user.id }, 'password reset');
      return sessions.signIn(user.id, 'reset', info, meta);
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
      return loadSessionUser(db, userId);
    },

    /** The language the member reads the app in: their mails follow it. */
    async setLanguage(userId: string, language: string) {
      await db
        .updateTable('users')
        .set({ language: normalizeLanguage(language) })
        .where('id', '=', userId)
        .execute();
    },

    /** Sets the user's picture; answers the one it replaced (for the media pipeline to discard). */
    async setImage(userId: string, imageId: string) {
      const previous = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('users').select('image_path').where('id', '=', userId).executeTakeFirst();
        await trx.updateTable('users').set({ image_path: imageId }).where('id', '=', userId).execute();
        return row?.image_path ?? null;
      });
      return { previous, user: await loadSessionUser(db, userId) };
    },
  };
}
