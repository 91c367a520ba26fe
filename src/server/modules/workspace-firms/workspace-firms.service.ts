import { sql, type Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema';
import type { ActiveEmployment } from '../../app-env';
import { parseOpeningHours } from '../../../shared/firms';
import { normalizeLanguage } from '../../../shared/i18n';
import { permissionsOf } from '../../../shared/permissions';
import { qrTarget } from '../../../shared/page-views';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { MODERATION_HIDDEN_STATUS, OWNER_SUSPENDED_STATUS } from '../../../shared/moderation';
import {
  ACTIVITY_KINDS,
  type createFirmSchema,
  usernameProblem,
  type Activity,
  type ActivityKind,
  type DashFirm,
  type FirmSettingsInput,
  type KeyFigures,
  type UsernameAvailability,
  type WorkspaceFirm,
} from '../../../shared/workspace';
import type { z } from 'zod';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { recordActivity } from '../../lib/activity';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { activeStaff } from '../../lib/firm-staff';
import { randomId, shortId } from '../../lib/ids';
import { subscriptionFeatures } from '../../lib/plans';

const PUBLISHED = 1;
const HIDDEN = 0;
const DAY = 86_400_000;

type ProfileInput = z.output<typeof createFirmSchema>;

/** The firm's rows as the workspace reads and writes them (any status: a hidden page is still the team's). */
export function createWorkspaceFirmService(db: Kysely<Database>, clock: () => Date, publicUrl: string) {
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
      approveFollowers: row.approve_followers === 1,
      createdAt: row.created_at,
    };
  }

  /** Firm dashboard data: the firm, the caller's employment, the plan's entries. */
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

  const usernameTaken = async (username: string, exceptFirmId?: string) => {
    let query = db
      .selectFrom('firms')
      .select('id')
      .where(sql`lower(username)`, '=', username.trim().toLowerCase());
    if (exceptFirmId) query = query.where('id', '<>', exceptFirmId);
    return Boolean(await query.executeTakeFirst());
  };

  /** The live check of the create-firm form: the same rules as `/{username}`, case-insensitive. */
  async function usernameAvailability(username: string): Promise<UsernameAvailability> {
    const problem = usernameProblem(username);
    if (problem) return { username, status: problem };
    return { username, status: (await usernameTaken(username)) ? 'taken' : 'free' };
  }

  /** Industry and category must be the server's lookups, the category of that industry. */
  async function assertCategory(industryKey: string, categoryKey: string) {
    const category = await db.selectFrom('categories').select('industry_key').where('key', '=', categoryKey).executeTakeFirst();
    if (!category) throw badRequest('Bad request – please check your input.', { categoryKey: ['validation.category'] });
    if (category.industry_key !== industryKey) {
      throw badRequest('Bad request – please check your input.', { industryKey: ['validation.industry'] });
    }
  }

  const profileColumns = (input: Omit<ProfileInput, 'username'>) => ({
    name: input.name,
    description: input.description,
    industry_key: input.industryKey,
    category_key: input.categoryKey,
    phone: input.phone,
    email: input.email,
    website: input.website,
    address_line: input.addressLine,
    city: input.city,
    country: input.country,
    latitude: input.latitude,
    longitude: input.longitude,
    opening_hours: JSON.stringify(input.openingHours),
    timezone: input.timezone,
    min_age: input.minAge,
  });

  /**
   * Creates a firm: public at once, on the free plan, its creator its owner, and answers it as its owner sees it.
   * The username's case-insensitive unique index decides between two people claiming it at the same moment.
   */
  async function create(userId: string, input: ProfileInput, language: string): Promise<DashFirm> {
    await assertCategory(input.industryKey, input.categoryKey);
    if (await usernameTaken(input.username)) {
      throw new HttpError(409, 'This username is taken.', 'username_taken', { username: ['validation.usernameTaken'] });
    }
    const now = clock();
    const firmId = randomId();
    const owner: ActiveEmployment = { id: randomId(), firmId, userId, role: 'OWNER', profession: null };
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('firms')
          .values({
            id: firmId,
            short_id: shortId(),
            username: input.username,
            ...profileColumns(input),
            image_path: null,
            language: normalizeLanguage(language),
            status_code: PUBLISHED,
            created_at: now.toISOString(),
          })
          .execute();
        await trx
          .insertInto('employments')
          .values({
            id: owner.id,
            firm_id: firmId,
            user_id: userId,
            user_role: owner.role,
            profession: owner.profession,
            active: 1,
            created_at: now.toISOString(),
          })
          .execute();
        await recordActivity(trx, { firmId, actorUserId: userId, kind: 'firm.created', subject: input.name, at: now });
      });
    } catch (error) {
      if (await usernameTaken(input.username)) {
        throw new HttpError(409, 'This username is taken.', 'username_taken', { username: ['validation.usernameTaken'] });
      }
      throw error;
    }
    return dashFirm(owner);
  }

  async function updateProfile(employment: ActiveEmployment, input: Omit<ProfileInput, 'username'>): Promise<WorkspaceFirm> {
    await assertCategory(input.industryKey, input.categoryKey);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('firms').set(profileColumns(input)).where('id', '=', employment.firmId).execute();
      await recordActivity(trx, { firmId: employment.firmId, actorUserId: employment.userId, kind: 'firm.updated', at: clock() });
    });
    return firm(employment.firmId);
  }

  async function updateSettings(employment: ActiveEmployment, input: FirmSettingsInput): Promise<WorkspaceFirm> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('firms')
        .set({
          language: input.language,
          currency: input.currency,
          // only an admin's restore brings back a firm an admin hid, and only the end of the suspension one hidden for its suspended owner
          status_code: sql<number>`CASE WHEN status_code IN (${MODERATION_HIDDEN_STATUS}, ${OWNER_SUSPENDED_STATUS}) THEN status_code ELSE ${input.published ? PUBLISHED : HIDDEN} END`,
          ...(input.approveFollowers === undefined ? {} : { approve_followers: input.approveFollowers ? 1 : 0 }),
        })
        .where('id', '=', employment.firmId)
        .execute();
      await recordActivity(trx, {
        firmId: employment.firmId,
        actorUserId: employment.userId,
        kind: 'firm.settings',
        subject: input.published ? 'published' : 'hidden',
        at: clock(),
      });
    });
    return firm(employment.firmId);
  }

  /** Sets the cover; answers the firm and the picture it replaced (for the pipeline to discard). */
  async function setCover(employment: ActiveEmployment, mediaId: string): Promise<{ firm: WorkspaceFirm; previous: string | null }> {
    const previous = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('firms').select('image_path').where('id', '=', employment.firmId).executeTakeFirstOrThrow();
      await trx.updateTable('firms').set({ image_path: mediaId }).where('id', '=', employment.firmId).execute();
      await recordActivity(trx, { firmId: employment.firmId, actorUserId: employment.userId, kind: 'firm.updated', at: clock() });
      return row.image_path;
    });
    return { firm: await firm(employment.firmId), previous };
  }

  /** The QR code of the firm's page (any status: the team prints it before publishing). */
  async function qrCode(firmId: string, format: 'svg' | 'png'): Promise<{ username: string; body: string | Buffer }> {
    const { username } = await db.selectFrom('firms').select('username').where('id', '=', firmId).executeTakeFirstOrThrow();
    const url = qrTarget(publicUrl, username);
    const body =
      format === 'svg'
        ? await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#1c1b19', light: '#ffffff' } })
        : await QRCode.toBuffer(url, { type: 'png', width: 1024, margin: 2, errorCorrectionLevel: 'M' });
    return { username, body };
  }

  /** The workspace home's figures, all counted from real rows. */
  async function keyFigures(firmId: string): Promise<KeyFigures> {
    const now = clock();
    const nowIso = now.toISOString();
    const count = (value: unknown) => Number(value ?? 0);
    // sold and revenue from the orders themselves (variants, add-ons, refunds; not what a pending order holds),
    // never from the tiers' counters times today's price
    const [followers, recentFollowers, upcoming, sold, revenue, team] = await Promise.all([
      db
        .selectFrom('follows')
        .select(sql<number>`count(*)`.as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('follows')
        .select(sql<number>`count(*)`.as('n'))
        .where('firm_id', '=', firmId)
        .where('created_at', '>=', new Date(now.getTime() - 30 * DAY).toISOString())
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('events')
        .select(sql<number>`count(*)`.as('n'))
        .where('firm_id', '=', firmId)
        .where('status_code', '=', 1)
        .where('start_date_time', '>=', nowIso)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('tickets as t')
        .innerJoin('orders as o', 'o.id', 't.order_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('o.firm_id', '=', firmId)
        .where('o.status', '=', 'paid')
        .where('t.status', '=', 'active')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select(['currency', sql<number>`coalesce(sum(total_minor - refunded_minor), 0)`.as('amount')])
        .where('firm_id', '=', firmId)
        .where('status', '=', 'paid')
        .groupBy('currency')
        .execute(),
      activeStaff(db, firmId)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      followers: count(followers.n),
      newFollowers30d: count(recentFollowers.n),
      upcomingEvents: count(upcoming.n),
      ticketsSold: count(sold.n),
      revenue: revenue
        .map((row) => ({ currency: row.currency, amountMinor: count(row.amount) }))
        .filter((row) => row.amountMinor > 0)
        .sort((a, b) => b.amountMinor - a.amountMinor),
      teamMembers: count(team.n),
      activity: await latestActivity(firmId),
      firstSteps: await firstSteps(firmId, count(followers.n) > 0, count(team.n) > 1),
    };
  }

  /** Which of a new business's first steps are done, read from the rows they leave. */
  async function firstSteps(firmId: string, shared: boolean, teammates: boolean): Promise<KeyFigures['firstSteps']> {
    const [menu, event, invitation] = await Promise.all([
      db.selectFrom('menus').select('id').where('firm_id', '=', firmId).limit(1).executeTakeFirst(),
      db
        .selectFrom('events')
        .select('id')
        .where('firm_id', '=', firmId)
        .where('status_code', '!=', EVENT_STATUS.DRAFT)
        .limit(1)
        .executeTakeFirst(),
      teammates ? undefined : db.selectFrom('invitations').select('id').where('firm_id', '=', firmId).limit(1).executeTakeFirst(),
    ]);
    return { menu: Boolean(menu), event: Boolean(event), shared, invited: teammates || Boolean(invitation) };
  }

  /** The team's latest actions and the newest followers, newest first. */
  async function latestActivity(firmId: string, limit = 10): Promise<Activity[]> {
    const [logged, follows] = await Promise.all([
      db
        .selectFrom('firm_activity as a')
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .select(['a.id', 'a.kind', 'a.subject', 'a.created_at', 'u.first_name', 'u.last_name'])
        .where('a.firm_id', '=', firmId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select(['f.user_id', 'f.created_at', 'u.first_name', 'u.last_name', 'u.is_private'])
        .where('f.firm_id', '=', firmId)
        .orderBy('f.created_at', 'desc')
        .limit(limit)
        .execute(),
    ]);
    const name = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);
    const isKind = (kind: string): kind is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(kind);
    return [
      ...logged
        .filter((row) => isKind(row.kind))
        .map((row) => ({
          id: row.id,
          kind: row.kind as ActivityKind,
          actorName: name(row.first_name, row.last_name),
          subject: row.subject,
          at: row.created_at,
        })),
      ...follows.map((row) => ({
        id: `follow-${row.user_id}`,
        kind: 'follower.new' as const,
        // a private profile's name stays private, even to the firm it follows
        actorName: row.is_private ? null : name(row.first_name, row.last_name),
        subject: null,
        at: row.created_at,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, limit);
  }

  return { firm, dashFirm, usernameAvailability, create, updateProfile, updateSettings, setCover, qrCode, keyFigures };
}
