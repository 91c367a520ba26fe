import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '../../../shared/auth';
import { HttpError } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { randomCode, safeEqual, sha256 } from '../../lib/tokens';

export const INVALID_CODE = 'The code is wrong or has expired. Ask for a new one.';

/** signup, password reset, a new email address (the code goes to it), deleting the account */
type CodePurpose = 'signup' | 'reset' | 'email_change' | 'delete_account';

/** Six-digit codes mailed for signing up and for resetting a password: single use, few attempts. */
export function createEmailCodes(deps: { db: Kysely<Database>; clock: () => Date }) {
  const { db, clock } = deps;

  return {
    /** A new code for this email and purpose (replacing the earlier ones), with what it unlocks. */
    async issue(purpose: CodePurpose, email: string, payload: unknown): Promise<string> {
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
    },

    /**
     * Takes a code: it must be the latest one for this email and purpose, unexpired, unused and
     * within its attempts. A wrong code counts an attempt. Returns the code's payload.
     */
    async consume(purpose: CodePurpose, email: string, code: string): Promise<string | null> {
      const now = clock().toISOString();
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
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
