import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { AUDIENCE, FOLLOWERS_ONLY_REFUSAL } from '../../../shared/audience';
import type { Language } from '../../../shared/i18n';

/**
 * THE rule for followers-only items, used by every read and every sale of them: an item whose
 * `audience` is FOLLOWERS exists only for the firm's approved followers (a row in `follows`, never a
 * waiting request) and its active team. Everyone else, signed out or not, gets what they would get
 * for an item that does not exist.
 */

/** The viewer follows the firm in `firmColumn`, or works there. */
function insider(viewerId: string, firmColumn: string): RawBuilder<SqlBool> {
  const firm = sql.ref(firmColumn);
  return sql<SqlBool>`(exists (select 1 from follows fo where fo.firm_id = ${firm} and fo.user_id = ${viewerId})
    or exists (select 1 from employments em where em.firm_id = ${firm} and em.user_id = ${viewerId} and em.active = 1))`;
}

/**
 * A WHERE condition: the row (its firm and audience columns, e.g. `e.firm_id`, `e.audience`) may be
 * shown to `viewerId` (undefined: signed out, who sees the items for everyone alone).
 */
export function visibleTo(viewerId: string | undefined, firmColumn: string, audienceColumn: string): RawBuilder<SqlBool> {
  const everyone = sql<SqlBool>`${sql.ref(audienceColumn)} = ${AUDIENCE.EVERYONE}`;
  return viewerId ? sql<SqlBool>`(${everyone} or ${insider(viewerId, firmColumn)})` : everyone;
}

/** Whether `userId` may see and buy the followers-only items of `firmId`. */
export async function isInsider(db: Kysely<Database>, firmId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('firms as f').select('f.id').where('f.id', '=', firmId).where(insider(userId, 'f.id')).executeTakeFirst();
  return Boolean(row);
}

const followersOnlyRefusal = (language: Language) => new HttpError(403, FOLLOWERS_ONLY_REFUSAL[language], 'followers_only');

/** Checkout's check: throws the refusal when one of the firm's items (their audiences) is for followers the buyer is not one of. */
export async function assertMayBuy(
  db: Kysely<Database>,
  sale: { firmId: string; audiences: number[]; buyerId: string; language: Language },
): Promise<void> {
  if (sale.audiences.every((audience) => audience === AUDIENCE.EVERYONE)) return;
  if (!(await isInsider(db, sale.firmId, sale.buyerId))) throw followersOnlyRefusal(sale.language);
}
