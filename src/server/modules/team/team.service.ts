import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { ActiveEmployment } from '../../app-env';
import { mayAssignRole, permissionsOf, type Role } from '../../../shared/permissions';
import type {
  Employment,
  employmentUpdateSchema,
  Invitation,
  inviteSchema,
  ReceivedInvitation,
  Team,
  TeamMember,
} from '../../../shared/workspace';
import { recordActivity } from '../../lib/activity';
import { activeStaff } from '../../lib/firm-staff';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { assertCanCreate, lockFirmRow } from '../../lib/plans';
import { sha256 } from '../../lib/tokens';

const INVITATION_DAYS = 14;
const DAY = 86_400_000;

type InviteInput = z.output<typeof inviteSchema>;
type UpdateInput = z.output<typeof employmentUpdateSchema>;
type Db = Kysely<Database> | Transaction<Database>;

const conflict = (detail: string, code: string) => new HttpError(409, detail, code);
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** Employments, the team of a firm and its invitations. */
export function createTeamService(db: Kysely<Database>, clock: () => Date) {
  /** The user's active employments with their firms, sorted by firm name. */
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

  const memberQuery = (trx: Db) =>
    trx
      .selectFrom('employments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.id',
        'e.firm_id',
        'e.user_id',
        'e.user_role',
        'e.profession',
        'e.created_at',
        'u.first_name',
        'u.last_name',
        'u.flip',
        'u.image_path',
      ])
      .where('e.active', '=', 1);
  type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;
  const toMember = (row: MemberRow): TeamMember => ({
    id: row.id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    flip: row.flip,
    imagePath: row.image_path,
    userRole: row.user_role as Role,
    profession: row.profession,
    since: row.created_at,
  });

  /** An active member of the firm the guard resolved, or 404 (a removed member is gone). */
  async function member(firmId: string, employmentId: string, trx: Db = db): Promise<TeamMember> {
    const row = await memberQuery(trx).where('e.firm_id', '=', firmId).where('e.id', '=', employmentId).executeTakeFirst();
    if (!row) throw notFound('This person is not on the team.');
    return toMember(row);
  }

  const pendingInvitations = (trx: Db, firmId: string) =>
    trx
      .selectFrom('invitations as i')
      .leftJoin('users as u', 'u.id', 'i.invitee_user_id')
      .leftJoin('users as by', 'by.id', 'i.invited_by')
      .select([
        'i.id',
        'i.email',
        'i.user_role',
        'i.profession',
        'i.created_at',
        'i.expires_at',
        'u.first_name',
        'u.last_name',
        'u.flip',
        'by.first_name as byFirst',
        'by.last_name as byLast',
      ])
      .where('i.firm_id', '=', firmId)
      .where('i.status', '=', 'pending')
      .where('i.expires_at', '>', clock().toISOString());
  type InvitationRow = Awaited<ReturnType<ReturnType<typeof pendingInvitations>['executeTakeFirstOrThrow']>>;
  const toInvitation = (row: InvitationRow): Invitation => ({
    id: row.id,
    invitee: row.first_name ? fullName(row.first_name, row.last_name ?? '') : (row.email ?? ''),
    flip: row.flip,
    userRole: row.user_role as Role,
    profession: row.profession,
    invitedBy: row.byFirst ? fullName(row.byFirst, row.byLast ?? '') : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  });

  /** The team page: active members (owners first, then by name) and the invitations still open. */
  async function team(firmId: string): Promise<Team> {
    const order = sql`case e.user_role when 'OWNER' then 0 when 'MANAGER' then 1 else 2 end`;
    const [members, invitations] = await Promise.all([
      memberQuery(db)
        .where('e.firm_id', '=', firmId)
        .orderBy(order)
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('e.id')
        .execute(),
      pendingInvitations(db, firmId).orderBy('i.created_at', 'desc').execute(),
    ]);
    return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
  }

  async function otherOwners(trx: Db, firmId: string, exceptEmploymentId: string): Promise<number> {
    const row = await activeStaff(trx, firmId)
      .select(sql<number>`count(*)`.as('n'))
      .where('user_role', '=', 'OWNER')
      .where('id', '<>', exceptEmploymentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const lastOwner = () => conflict('A firm keeps at least one owner: make someone else an owner first.', 'last_owner');

  /**
   * Invites someone by email or by flip. Managers cannot invite owners. An invitation holds a team
   * seat of the plan (TEAM_MEMBER) until it is answered, so the plan's rule runs here.
   */
  async function invite(
    actor: ActiveEmployment,
    input: InviteInput,
  ): Promise<{ invitation: Invitation; inviteeUserId: string | null; email: string | null; token: string }> {
    if (!mayAssignRole(actor.role, { next: input.userRole })) throw forbidden();
    let invitee: { id: string; email: string | null; language: string } | undefined;
    if (input.flip) {
      invitee = await db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where(sql`lower(flip)`, '=', input.flip.toLowerCase())
        .executeTakeFirst();
      if (!invitee) throw badRequest('Bad request – please check your input.', { flip: ['validation.flipUnknown'] });
    } else {
      invitee = await db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where(sql`lower(email)`, '=', input.email!)
        .executeTakeFirst();
    }
    const email = input.email ?? invitee?.email?.toLowerCase() ?? null;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = clock();
    const id = randomId();
    await db.transaction().execute(async (trx) => {
      // the seat count and the duplicate checks below see every concurrent invitation of this firm
      await assertCanCreate(trx, actor.firmId, 'TEAM_MEMBER', now);
      if (invitee) {
        const employed = await activeStaff(trx, actor.firmId).select('id').where('user_id', '=', invitee.id).executeTakeFirst();
        if (employed) throw conflict('This person is already on the team.', 'already_member');
      }
      const open = await trx
        .selectFrom('invitations')
        .select('id')
        .where('firm_id', '=', actor.firmId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now.toISOString())
        .where((eb) => {
          const same = [];
          if (email) same.push(eb('email', '=', email));
          if (invitee) same.push(eb('invitee_user_id', '=', invitee.id));
          return eb.or(same);
        })
        .executeTakeFirst();
      if (open) throw conflict('This person already has an invitation waiting.', 'already_invited');
      await trx
        .insertInto('invitations')
        .values({
          id,
          firm_id: actor.firmId,
          email,
          invitee_user_id: invitee?.id ?? null,
          user_role: input.userRole,
          profession: input.profession,
          token_hash: sha256(token),
          invited_by: actor.userId,
          status: 'pending',
          language: invitee?.language ?? 'en',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY).toISOString(),
        })
        .execute();
      await recordActivity(trx, {
        firmId: actor.firmId,
        actorUserId: actor.userId,
        kind: 'member.invited',
        subject: email ?? input.flip ?? null,
        at: now,
      });
    });
    const row = await pendingInvitations(db, actor.firmId).where('i.id', '=', id).executeTakeFirstOrThrow();
    return { invitation: toInvitation(row), inviteeUserId: invitee?.id ?? null, email, token };
  }

  /** Withdraws an open invitation; managers cannot withdraw an owner's. */
  async function withdraw(actor: ActiveEmployment, invitationId: string): Promise<void> {
    const row = await db
      .selectFrom('invitations')
      .select(['user_role', 'status'])
      .where('id', '=', invitationId)
      .where('firm_id', '=', actor.firmId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') throw notFound('This invitation is no longer open.');
    if (!mayAssignRole(actor.role, { current: row.user_role as Role })) throw forbidden();
    await db
      .updateTable('invitations')
      .set({ status: 'revoked', responded_at: clock().toISOString() })
      .where('id', '=', invitationId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Changes someone's role or profession: only owners touch owners, and one owner always stays. */
  async function update(actor: ActiveEmployment, employmentId: string, input: UpdateInput): Promise<TeamMember> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      await lockFirmRow(trx, actor.firmId);
      const target = await member(actor.firmId, employmentId, trx);
      if (!mayAssignRole(actor.role, { current: target.userRole, next: input.userRole })) throw forbidden();
      const nextRole = input.userRole ?? target.userRole;
      if (target.userRole === 'OWNER' && nextRole !== 'OWNER' && (await otherOwners(trx, actor.firmId, employmentId)) === 0) {
        throw lastOwner();
      }
      await trx
        .updateTable('employments')
        .set({
          user_role: nextRole,
          ...(input.profession !== undefined ? { profession: input.profession } : {}),
        })
        .where('id', '=', employmentId)
        .execute();
      if (nextRole !== target.userRole) {
        await recordActivity(trx, {
          firmId: actor.firmId,
          actorUserId: actor.userId,
          kind: 'member.role',
          subject: `${fullName(target.firstName, target.lastName)}|${nextRole}`,
          at: now,
        });
      }
      return member(actor.firmId, employmentId, trx);
    });
  }

  /** Ends an employment (removed by a manager or owner, or leaving): access ends with the next request. */
  async function end(actor: ActiveEmployment, employmentId: string): Promise<void> {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await lockFirmRow(trx, actor.firmId);
      const target = await member(actor.firmId, employmentId, trx);
      const leaving = target.userId === actor.userId;
      if (!leaving && !mayAssignRole(actor.role, { current: target.userRole })) throw forbidden();
      if (target.userRole === 'OWNER' && (await otherOwners(trx, actor.firmId, employmentId)) === 0) throw lastOwner();
      await trx.updateTable('employments').set({ active: 0 }).where('id', '=', employmentId).execute();
      await recordActivity(trx, {
        firmId: actor.firmId,
        actorUserId: actor.userId,
        kind: leaving ? 'member.left' : 'member.removed',
        subject: fullName(target.firstName, target.lastName),
        at: now,
      });
    });
  }

  // ---- the invitee's side ----

  const receivedQuery = (trx: Db) =>
    trx
      .selectFrom('invitations as i')
      .innerJoin('firms as f', 'f.id', 'i.firm_id')
      .leftJoin('users as by', 'by.id', 'i.invited_by')
      .select([
        'i.id',
        'i.firm_id',
        'i.email',
        'i.invitee_user_id',
        'i.token_hash',
        'i.user_role',
        'i.profession',
        'i.expires_at',
        'f.name',
        'f.username',
        'f.image_path',
        'by.first_name as byFirst',
        'by.last_name as byLast',
      ])
      .where('i.status', '=', 'pending')
      .where('i.expires_at', '>', clock().toISOString());
  type ReceivedRow = Awaited<ReturnType<ReturnType<typeof receivedQuery>['executeTakeFirstOrThrow']>>;
  const toReceived = (row: ReceivedRow): ReceivedInvitation => ({
    id: row.id,
    firmId: row.firm_id,
    firmName: row.name,
    firmUsername: row.username,
    firmImagePath: row.image_path,
    userRole: row.user_role as Role,
    profession: row.profession,
    invitedBy: row.byFirst ? fullName(row.byFirst, row.byLast ?? '') : null,
    expiresAt: row.expires_at,
  });

  const emailOf = async (userId: string, trx: Db = db) =>
    (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email?.toLowerCase() ?? null;

  /** The open invitations addressed to this user (by account or by their email address). */
  async function received(userId: string): Promise<ReceivedInvitation[]> {
    const email = await emailOf(userId);
    const rows = await receivedQuery(db)
      .where((eb) => eb.or([eb('i.invitee_user_id', '=', userId), ...(email ? [eb('i.email', '=', email)] : [])]))
      .orderBy('i.created_at', 'desc')
      .execute();
    return rows.map(toReceived);
  }

  /** The open invitation of an emailed link (its holder got the mail). */
  async function byToken(token: string): Promise<ReceivedInvitation> {
    const row = await receivedQuery(db).where('i.token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row) throw notFound('This invitation is no longer open.');
    return toReceived(row);
  }

  /** An open invitation this user may answer: addressed to them, or they hold its emailed link. */
  async function answerable(trx: Db, userId: string, invitationId: string, token: string | undefined): Promise<ReceivedRow> {
    const row = await receivedQuery(trx).where('i.id', '=', invitationId).executeTakeFirst();
    // inside the transaction: on SQLite `db` would wait for the connection this transaction holds
    const email = await emailOf(userId, trx);
    const addressed =
      row &&
      (row.invitee_user_id === userId ||
        (email !== null && row.email === email) ||
        (token !== undefined && sha256(token) === row.token_hash));
    if (!row || !addressed) throw notFound('This invitation is no longer open.');
    return row;
  }

  /** Accepts: the employment starts (or starts again) with the invitation's role. */
  async function accept(userId: string, invitationId: string, token?: string): Promise<Employment> {
    const now = clock();
    const firmId = await db.transaction().execute(async (trx) => {
      const row = await answerable(trx, userId, invitationId, token);
      await lockFirmRow(trx, row.firm_id);
      const existing = await trx
        .selectFrom('employments')
        .select(['id', 'active'])
        .where('firm_id', '=', row.firm_id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing?.active === 1) throw conflict('You are already on this team.', 'already_member');
      if (existing) {
        await trx
          .updateTable('employments')
          .set({ active: 1, user_role: row.user_role, profession: row.profession, created_at: now.toISOString() })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('employments')
          .values({
            id: randomId(),
            firm_id: row.firm_id,
            user_id: userId,
            user_role: row.user_role,
            profession: row.profession,
            active: 1,
            created_at: now.toISOString(),
          })
          .execute();
      }
      const answered = await trx
        .updateTable('invitations')
        .set({ status: 'accepted', responded_at: now.toISOString(), invitee_user_id: userId })
        .where('id', '=', invitationId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(answered.numUpdatedRows) !== 1) throw notFound('This invitation is no longer open.');
      const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
      await recordActivity(trx, {
        firmId: row.firm_id,
        actorUserId: userId,
        kind: 'member.joined',
        subject: fullName(user.first_name, user.last_name),
        at: now,
      });
      return row.firm_id;
    });
    const employment = (await employmentsOf(userId)).find((e) => e.firmId === firmId);
    if (!employment) throw notFound();
    return employment;
  }

  async function decline(userId: string, invitationId: string, token?: string): Promise<void> {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const row = await answerable(trx, userId, invitationId, token);
      await trx
        .updateTable('invitations')
        .set({ status: 'declined', responded_at: now.toISOString(), invitee_user_id: userId })
        .where('id', '=', invitationId)
        .where('status', '=', 'pending')
        .execute();
      const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
      await recordActivity(trx, {
        firmId: row.firm_id,
        actorUserId: userId,
        kind: 'member.declined',
        subject: fullName(user.first_name, user.last_name),
        at: now,
      });
    });
  }

  /** Who invites, to which firm: the words of the invitation mail. */
  async function mailDetails(actor: ActiveEmployment): Promise<{ inviter: string; firmName: string }> {
    const [user, firm] = await Promise.all([
      db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.userId).executeTakeFirstOrThrow(),
      db.selectFrom('firms').select('name').where('id', '=', actor.firmId).executeTakeFirstOrThrow(),
    ]);
    return { inviter: fullName(user.first_name, user.last_name), firmName: firm.name };
  }

  return { INVITATION_DAYS, mailDetails, employmentsOf, team, member, invite, withdraw, update, end, received, byToken, accept, decline };
}
