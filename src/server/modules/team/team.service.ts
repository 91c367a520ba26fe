import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { permissionsOf } from '../../../shared/permissions';
import type { Employment } from '../../../shared/workspace';

/** Employments, the team of a firm and its invitations. */
export function createTeamService(db: Kysely<Database>) {
  /** The user's active employments with their firms, sorted by firm name (spec section 7). */
  async function employmentsOf(userId: string): Promise<Employment[]> {
    const rows = await db
      .selectFrom('employments as e')
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .leftJoin('media as m', 'm.id', 'f.image_path')
      .select(['e.id', 'e.firm_id', 'e.user_role', 'e.profession', 'f.name', 'f.username', 'f.image_path', 'm.color'])
      .where('e.user_id', '=', userId)
      .where('e.active', '=', 1)
      .orderBy(sql`lower(f.name)`)
      .orderBy('e.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      firmId: row.firm_id,
      firmName: row.name,
      firmUsername: row.username,
      firmImagePath: row.image_path,
      firmImageColor: row.image_path ? row.color : null,
      profession: row.profession,
      userRole: row.user_role as Employment['userRole'],
      permissions: permissionsOf(row.user_role),
    }));
  }

  return { employmentsOf };
}
