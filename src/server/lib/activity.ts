import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ActivityKind } from '../../shared/workspace';
import { randomId } from './ids';

/**
 * The firm's activity log, read by the workspace home ("latest activity"): one row per thing the
 * team did (a member joined, the plan changed, the profile was edited), written in the same
 * transaction as the change it records.
 */
export async function recordActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: { firmId: string; actorUserId: string | null; kind: ActivityKind; subject?: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('firm_activity')
    .values({
      id: randomId(),
      firm_id: entry.firmId,
      actor_user_id: entry.actorUserId,
      kind: entry.kind,
      subject: entry.subject ?? null,
      created_at: entry.at.toISOString(),
    })
    .execute();
}
