import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { sessionUserSchema, type SessionUser } from '../../../shared/user';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { normalizeLanguage } from '../../../shared/i18n';

/** The signed-in user as every auth answer shows it (`{success, user}`), shaped by the shared schema. */
export async function loadSessionUser(executor: Kysely<Database>, userId: string): Promise<SessionUser | null> {
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
    language: normalizeLanguage(user.language),
  });
}
