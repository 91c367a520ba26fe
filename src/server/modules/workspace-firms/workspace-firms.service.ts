import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActiveEmployment } from '../../app-env';
import { parseOpeningHours } from '../../../shared/firms';
import { normalizeLanguage } from '../../../shared/i18n';
import { permissionsOf } from '../../../shared/permissions';
import type { DashFirm, WorkspaceFirm } from '../../../shared/workspace';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { notFound } from '../../lib/errors';
import { subscriptionFeatures } from '../../lib/plans';

export const PUBLISHED = 1;
export const HIDDEN = 0;

/** The firm's rows as the workspace reads them (any status: a hidden page is still the team's). */
export function createWorkspaceFirmService(db: Kysely<Database>, clock: () => Date) {
  async function firm(firmId: string): Promise<WorkspaceFirm> {
    const row = await db
      .selectFrom('firms as f')
      .leftJoin('media as m', 'm.id', 'f.image_path')
      .selectAll('f')
      .select(MEDIA_COLUMNS)
      .where('f.id', '=', firmId)
      .executeTakeFirst();
    if (!row) throw notFound('Firm not found.');
    return {
      id: row.id,
      shortId: row.short_id,
      username: row.username,
      name: row.name,
      description: row.description,
      industryKey: row.industry_key,
      categoryKey: row.category_key,
      ...imageFields({ imagePath: row.image_path, imageWidth: row.imageWidth, imageHeight: row.imageHeight, imageColor: row.imageColor }),
      phone: row.phone,
      email: row.email,
      website: row.website,
      addressLine: row.address_line,
      city: row.city,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
      openingHours: parseOpeningHours(row.opening_hours),
      timezone: row.timezone,
      minAge: row.min_age,
      language: normalizeLanguage(row.language),
      currency: row.currency,
      published: row.status_code === PUBLISHED,
      createdAt: row.created_at,
    };
  }

  /** Firm dashboard data (spec section 3): the firm, the caller's employment, the plan's entries. */
  async function dashFirm(employment: ActiveEmployment): Promise<DashFirm> {
    const data = await firm(employment.firmId);
    const { plan, features } = await subscriptionFeatures(db, employment.firmId, clock());
    const renews = await db.selectFrom('firms').select('plan_renews_at').where('id', '=', employment.firmId).executeTakeFirstOrThrow();
    return {
      firm: data,
      employment: {
        id: employment.id,
        firmId: data.id,
        firmName: data.name,
        firmUsername: data.username,
        firmImagePath: data.imagePath,
        firmImageColor: data.imageColor,
        profession: employment.profession,
        userRole: employment.role,
        permissions: permissionsOf(employment.role),
      },
      subscriptionInfoDto: { plan, renewsAt: plan === 'free' ? null : renews.plan_renews_at, features },
    };
  }

  return { firm, dashFirm };
}
