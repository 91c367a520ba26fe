import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FirmFollower } from '../../../shared/firm-followers';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';

/** Who follows a firm, as its team sees them: the name and flip each shows on Souk, never a private detail. */
export function createFirmFollowerService(db: Kysely<Database>) {
  /** A page of the firm's followers, the latest first; `q` finds a part of the name or the flip. */
  async function list(firmId: string, page: number, size: number, q?: string): Promise<Paged<FirmFollower>> {
    let base = db.selectFrom('follows as f').innerJoin('users as u', 'u.id', 'f.user_id').where('f.firm_id', '=', firmId);
    if (q) {
      const like = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
      base = base.where((eb) =>
        eb.or([eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', like), eb(sql<string>`lower(u.flip)`, 'like', like)]),
      );
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['u.first_name', 'u.last_name', 'u.flip', 'u.image_path', 'f.created_at'])
        .orderBy('f.created_at', 'desc')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    const content = rows.map((row) => ({
      name: `${row.first_name} ${row.last_name}`.trim(),
      flip: row.flip,
      imagePath: row.image_path,
      since: row.created_at,
    }));
    return paged(content, page, size, Number(count.n));
  }

  return { list };
}
