import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { can, ROLES, type Permission } from '../../shared/permissions';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A firm's active staff: its employments that have not ended (a removed member's row stays, inactive, so that
 * they can be invited back). A query to narrow further (a role, a person) and to select from or count.
 */
export const activeStaff = (db: Db, firmId: string) => db.selectFrom('employments').where('firm_id', '=', firmId).where('active', '=', 1);

/** A person's active employments, as `activeStaff` is a firm's. */
export const activeEmploymentsOf = (db: Db, userId: string) =>
  db.selectFrom('employments').where('user_id', '=', userId).where('active', '=', 1);

/** The users on a firm's staff, or only those whose role holds `permission`: who a firm-wide notification reaches. */
export async function activeStaffIds(db: Db, firmId: string, permission?: Permission): Promise<string[]> {
  let staff = activeStaff(db, firmId);
  if (permission)
    staff = staff.where(
      'user_role',
      'in',
      ROLES.filter((role) => can(role, permission)),
    );
  const rows = await staff.select('user_id').execute();
  return rows.map((row) => row.user_id);
}
