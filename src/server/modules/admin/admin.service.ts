import { createFirmLegalService } from '../firm-legal/firm-legal.service';
import { sql, type Kysely } from 'kysely';
import type {
  AdminFeature,
  AdminFirm,
  AdminFirmProfile,
  AdminUser,
  AdminUserProfile,
  DayFigures,
  FeatureSwitchInput,
} from '../../../shared/admin';
import type { FeatureKey } from '../../../shared/feature-flags';
import { buildFeatureFlags } from '../../../shared/feature-keys';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import type { ReportTarget } from '../../../shared/report-kinds';
import { notFound } from '../../lib/errors';
import { auditOf, writeAudit } from './audit-log';
import { isPlatformAdmin } from './admin-access';
import { isRestorable } from './review-queue';

const LIST_MAX = 50;

/** `%q%` for LIKE; the pattern characters are dropped (escaping them differs between the databases). */
function containing(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '')}%`;
}

function fullName(row: { first_name: string; last_name: string }): string {
  return `${row.first_name} ${row.last_name}`.trim();
}

export function createAdminService({ db, env, clock, features, storage }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'features' | 'storage'>) {
  const legal = createFirmLegalService({ db, storage, clock });
  const startValues = buildFeatureFlags(env.FEATURES_OFF);

  async function listFeatures(): Promise<AdminFeature[]> {
    const [flags, rows] = await Promise.all([features.current(), db.selectFrom('feature_switches').selectAll().execute()]);
    // read the table itself: the list an admin acts on must not be the cached one
    const switched = new Map(rows.map((row) => [row.key, row]));
    return startValues.map((start) => {
      const row = switched.get(start.key);
      return {
        key: start.key as FeatureKey,
        enabled: row ? row.enabled === 1 : (flags.find((flag) => flag.key === start.key)?.enabled ?? start.enabled),
        startValue: start.enabled,
        switchedBy: row?.updated_by ?? null,
        switchedAt: row?.updated_at ?? null,
      };
    });
  }

  async function switchFeature(adminUserId: string, key: FeatureKey, input: FeatureSwitchInput): Promise<AdminFeature[]> {
    const now = clock().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('feature_switches')
        .values({ key, enabled: input.enabled ? 1 : 0, updated_by: adminUserId, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ enabled: input.enabled ? 1 : 0, updated_by: adminUserId, updated_at: now }))
        .execute();
      await writeAudit(
        trx,
        {
          adminUserId,
          action: 'feature.switch',
          targetType: 'feature',
          targetId: key,
          reason: input.reason,
          detail: { enabled: input.enabled },
        },
        clock(),
      );
    });
    features.forget();
    return listFeatures();
  }

  async function toAdminUser(row: {
    id: string;
    flip: string;
    first_name: string;
    last_name: string;
    email: string | null;
    status_code: number;
    suspended_until: string | null;
    created_at: string;
  }): Promise<AdminUser> {
    const now = clock().toISOString();
    return {
      id: row.id,
      flip: row.flip,
      name: fullName(row),
      email: row.email,
      statusCode: row.status_code,
      suspendedUntil: row.suspended_until !== null && row.suspended_until > now ? row.suspended_until : null,
      createdAt: row.created_at,
      isAdmin: await isPlatformAdmin(db, env, row.id),
    };
  }

  const userColumns = ['id', 'flip', 'first_name', 'last_name', 'email', 'status_code', 'suspended_until', 'created_at'] as const;

  /** The reports about one target, newest first, whatever became of them. */
  async function reportsAbout(targetType: ReportTarget, targetId: string) {
    const rows = await db
      .selectFrom('reports')
      .select(['id', 'reason', 'target_type', 'target_name', 'status', 'created_at'])
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .orderBy('created_at', 'desc')
      .limit(LIST_MAX)
      .execute();
    return rows.map((report) => ({
      id: report.id,
      reason: report.reason,
      targetType: report.target_type,
      targetName: report.target_name,
      status: report.status,
      createdAt: report.created_at,
    }));
  }

  async function searchUsers(q: string): Promise<AdminUser[]> {
    let query = db.selectFrom('users').select(userColumns).orderBy('created_at', 'desc').limit(LIST_MAX);
    if (q) {
      const like = containing(q);
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), 'like', like),
          eb(eb.fn('lower', ['flip']), 'like', like),
          eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', like),
          eb('id', '=', q),
        ]),
      );
    }
    return Promise.all((await query.execute()).map(toAdminUser));
  }

  async function userProfile(userId: string): Promise<AdminUserProfile> {
    const row = await db.selectFrom('users').select(userColumns).where('id', '=', userId).executeTakeFirst();
    if (!row) throw notFound('No such member.');
    const [firms, reports, filed, actions, restorable] = await Promise.all([
      db
        .selectFrom('employments as e')
        .innerJoin('firms as f', 'f.id', 'e.firm_id')
        .select(['f.id', 'f.username', 'f.name', 'e.user_role'])
        .where('e.user_id', '=', userId)
        .where('e.active', '=', 1)
        .execute(),
      reportsAbout('user', userId),
      db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reporter_id', '=', userId)
        .executeTakeFirstOrThrow(),
      auditOf(db, 'user', userId),
      isRestorable(db, 'user', userId, clock().toISOString()),
    ]);
    return {
      user: await toAdminUser(row),
      firms: firms.map((firm) => ({ id: firm.id, username: firm.username, name: firm.name, role: firm.user_role })),
      reportsAbout: reports,
      reportsFiled: Number(filed.n),
      actions,
      restorable,
    };
  }

  const firmColumns = ['id', 'username', 'name', 'status_code', 'created_at'] as const;

  async function searchFirms(q: string): Promise<AdminFirm[]> {
    let query = db.selectFrom('firms').select(firmColumns).orderBy('created_at', 'desc').limit(LIST_MAX);
    if (q) {
      const like = containing(q);
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['username']), 'like', like), eb(eb.fn('lower', ['name']), 'like', like), eb('id', '=', q)]),
      );
    }
    const firms = await query.execute();
    const owners = await ownersOf(firms.map((firm) => firm.id));
    return firms.map((firm) => toAdminFirm(firm, owners));
  }

  /** The active owners of these firms. */
  async function ownersOf(firmIds: string[]) {
    if (!firmIds.length) return [];
    return db
      .selectFrom('employments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.firm_id', 'u.id', 'u.first_name', 'u.last_name', 'u.suspended_until'])
      .where('e.firm_id', 'in', firmIds)
      .where('e.user_role', '=', 'OWNER')
      .where('e.active', '=', 1)
      .execute();
  }

  function toAdminFirm(
    firm: { id: string; username: string; name: string; status_code: number; created_at: string },
    owners: { firm_id: string; first_name: string; last_name: string }[],
  ): AdminFirm {
    return {
      id: firm.id,
      username: firm.username,
      name: firm.name,
      statusCode: firm.status_code,
      createdAt: firm.created_at,
      owners: owners.filter((owner) => owner.firm_id === firm.id).map(fullName),
    };
  }

  async function firmProfile(firmId: string): Promise<AdminFirmProfile> {
    const firm = await db.selectFrom('firms').select(firmColumns).where('id', '=', firmId).executeTakeFirst();
    if (!firm) throw notFound('No such firm.');
    const now = clock().toISOString();
    const [owners, reports, actions, restorable, legalDetails] = await Promise.all([
      ownersOf([firmId]),
      reportsAbout('firm', firmId),
      auditOf(db, 'firm', firmId),
      isRestorable(db, 'firm', firmId, now),
      legal.read(firmId),
    ]);
    return {
      firm: toAdminFirm(firm, owners),
      owners: owners.map((owner) => ({
        id: owner.id,
        name: fullName(owner),
        suspendedUntil: owner.suspended_until !== null && owner.suspended_until > now ? owner.suspended_until : null,
      })),
      reportsAbout: reports,
      actions,
      restorable,
      legal: legalDetails,
    };
  }

  /** A firm's document for an admin, the opening written to the audit log with its reason before the bytes go out. */
  async function firmDocument(adminUserId: string, firmId: string, documentId: string, reason: string) {
    const found = await legal.file(firmId, documentId);
    await writeAudit(
      db,
      {
        adminUserId,
        action: 'document.open',
        targetType: 'firm',
        targetId: firmId,
        reason,
        detail: { documentId, name: found.document.name },
      },
      clock(),
    );
    return found;
  }

  async function figures(days: number): Promise<DayFigures[]> {
    const end = clock();
    const first = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - (days - 1)));
    const since = first.toISOString();
    const counts = await Promise.all((['users', 'firms', 'orders', 'reports'] as const).map((table) => countPerDay(db, table, since)));
    return Array.from({ length: days }, (_, index) => {
      const day = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
      const [members, firms, orders, reports] = counts.map((perDay) => perDay.get(day) ?? 0);
      return { day, members, firms, orders, reports };
    });
  }

  /** The signed-in admin as the area greets them. */
  async function me(userId: string) {
    const row = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
    if (!row) throw notFound();
    return { userId, name: fullName(row) };
  }

  return { me, listFeatures, switchFeature, searchUsers, userProfile, searchFirms, firmProfile, firmDocument, figures };
}

/** Rows of `table` created per UTC day since `since` (ISO timestamps: the day is their first ten characters). */
async function countPerDay(
  db: Kysely<Database>,
  table: 'users' | 'firms' | 'orders' | 'reports',
  since: string,
): Promise<Map<string, number>> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}
