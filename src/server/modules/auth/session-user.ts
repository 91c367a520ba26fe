import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { sessionUserSchema, type SessionUser } from '../../../shared/user';
import { normalizeLanguage } from '../../../shared/i18n';

/** The signed-in user as every auth answer shows it (`{success, user}`), shaped by the shared schema. */
export async function loadSessionUser(executor: Kysely<Database>, userId: string): Promise<SessionUser | null> {
  const user = await executor.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  // the stored count the friendship service moves by ±1 with each friendship (never below 0)
  return shapeUser(user, user.total_friends);
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
    liteMode: user.lite_mode === 1,
    helpText: user.help_text === 1,
    language: normalizeLanguage(user.language),
  });
}
