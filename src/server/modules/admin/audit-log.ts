import type { Kysely } from 'kysely';
import type { AuditEntry, AuditLog } from '../../../shared/admin';
import type { Database } from '../../db/schema';
import { randomId } from '../../lib/ids';

export interface AuditRecord {
  adminUserId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  detail?: Record<string, unknown>;
}

const PAGE = 50;

/** Writes one entry of the append-only audit log, in the caller's transaction when given one. */
export async function writeAudit(db: Kysely<Database>, record: AuditRecord, at: Date): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      // time first, so entries sort by when they happened
      id: `${at.toISOString()}-${randomId()}`,
      admin_user_id: record.adminUserId,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      reason: record.reason,
      detail: JSON.stringify(record.detail ?? {}),
      created_at: at.toISOString(),
    })
    .execute();
}

function auditQuery(db: Kysely<Database>) {
  return db
    .selectFrom('admin_audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.admin_user_id')
    .select([
      'l.id',
      'l.admin_user_id',
      'l.action',
      'l.target_type',
      'l.target_id',
      'l.reason',
      'l.detail',
      'l.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .orderBy('l.id', 'desc');
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['execute']>>[number];

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    adminUserId: row.admin_user_id,
    adminName: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : row.admin_user_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

/** The log, newest first, a page at a time (`before`: the last id of the previous page). */
export async function readAuditLog(db: Kysely<Database>, before?: string): Promise<AuditLog> {
  let query = auditQuery(db).limit(PAGE + 1);
  if (before) query = query.where('l.id', '<', before);
  const rows = await query.execute();
  const entries = rows.slice(0, PAGE).map(toEntry);
  return { entries, nextBefore: rows.length > PAGE ? entries[entries.length - 1].id : null };
}

/** What admins did to one target, newest first. */
export async function auditOf(db: Kysely<Database>, targetType: string, targetId: string): Promise<AuditEntry[]> {
  const rows = await auditQuery(db).where('l.target_type', '=', targetType).where('l.target_id', '=', targetId).limit(PAGE).execute();
  return rows.map(toEntry);
}
