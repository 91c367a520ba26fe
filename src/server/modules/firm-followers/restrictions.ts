import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** Whether the firm restricted this person: they may neither follow it nor write to it. */
export async function isRestricted(db: Kysely<Database>, firmId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('firm_restrictions')
    .select('user_id')
    .where('firm_id', '=', firmId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The refusal a restricted person gets when they try to follow (its code lets the client say it in their language). */
export const followRestricted = () => new HttpError(403, 'This business does not accept you as a follower.', 'follow_restricted');
