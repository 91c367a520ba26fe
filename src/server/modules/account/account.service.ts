import type { Updateable } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import {
  type AccountSettings,
  type AccountSettingsUpdate,
  type Address,
  ADDRESSES_MAX,
  type AddressInput,
  addressInputSchema,
  DELETION_GRACE_DAYS,
  type PaymentRecords,
} from '../../../shared/account';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { createEmailCodes } from '../auth/email-codes.service';
import { loadSessionUser } from '../auth/session-user';
import { deletionCodeMail, emailChangeMail } from './account.mails';

const WRONG_PASSWORD = 'The password is wrong.';
const DAY_MS = 24 * 60 * 60_000;

function fieldError(field: string, key: string, detail = 'Check the highlighted field.') {
  return new HttpError(400, detail, 'validation_failed', { [field]: [key] });
}

function shapeAddress(row: Database['addresses']): Address {
  return {
    id: row.id,
    label: row.label,
    recipient: row.recipient,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

/**
 * The account pages' service: settings, addresses, payments, email and password changes, the
 * data export, and deletion with a grace period. A deleted account is anonymised, not dropped:
 * the orders and payments firms keep stay whole, with nothing left that names the person.
 */
export function createAccountPagesService(deps: Pick<AppDeps, 'db' | 'clock' | 'mail' | 'env'>) {
  const { db, clock, mail } = deps;
  const codes = createEmailCodes({ db, clock });

  async function userRow(userId: string): Promise<UserRow> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw new HttpError(401, 'Sign in first.', 'unauthorized');
    return row;
  }

  /** Asks for the current password of an account that has one (a Google-only account has none). */
  async function checkPassword(row: UserRow, password: string | undefined, field = 'password') {
    if (!row.password_hash) return;
    if (!password || !(await verifyPassword(row.password_hash, password)))
      throw fieldError(field, 'validation.wrongPassword', WRONG_PASSWORD);
  }

  function shapeSettings(row: UserRow): AccountSettings {
    return {
      language: row.language === 'ar' || row.language === 'fr' ? row.language : 'en',
      theme: (['default', 'bright', 'dark', 'blackout'] as const).find((t) => t === row.theme) ?? 'default',
      liteMode: row.lite_mode === 1,
      helpText: row.help_text === 1,
      regionPreference: row.region_preference === 'US' ? 'US' : 'EU',
      hourFormat: row.hour_format === 24 ? 24 : 12,
      isPrivate: row.is_private === 1,
      friendRequestsFrom: (['everyone', 'friends_of_friends', 'nobody'] as const).find((p) => p === row.friend_requests_from) ?? 'everyone',
      email: row.email,
      hasPassword: row.password_hash !== null,
      deletionDueAt: row.deletion_due_at,
    };
  }

  async function settings(userId: string): Promise<AccountSettings> {
    return shapeSettings(await userRow(userId));
  }

  async function updateSettings(userId: string, input: AccountSettingsUpdate) {
    const set: Updateable<Database['users']> = {};
    if (input.language !== undefined) set.language = input.language;
    if (input.theme !== undefined) set.theme = input.theme;
    if (input.liteMode !== undefined) set.lite_mode = input.liteMode ? 1 : 0;
    if (input.helpText !== undefined) set.help_text = input.helpText ? 1 : 0;
    if (input.regionPreference !== undefined) set.region_preference = input.regionPreference;
    if (input.hourFormat !== undefined) set.hour_format = input.hourFormat;
    if (input.isPrivate !== undefined) set.is_private = input.isPrivate ? 1 : 0;
    if (input.friendRequestsFrom !== undefined) set.friend_requests_from = input.friendRequestsFrom;
    await db.updateTable('users').set(set).where('id', '=', userId).execute();
    const user = await loadSessionUser(db, userId);
    if (!user) throw new HttpError(401, 'Sign in first.', 'unauthorized');
    return { settings: await settings(userId), user };
  }

  // ---- addresses ----

  async function addresses(userId: string): Promise<Address[]> {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('id')
      .execute();
    return rows.map(shapeAddress);
  }

  async function saveAddress(userId: string, raw: AddressInput, addressId?: string): Promise<Address[]> {
    const input = addressInputSchema.parse(raw);
    await db.transaction().execute(async (trx) => {
      if (addressId) {
        const mine = await trx
          .selectFrom('addresses')
          .select('id')
          .where('id', '=', addressId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!mine) throw notFound('No such address.');
      } else {
        const { count } = await trx
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= ADDRESSES_MAX) {
          throw new HttpError(409, `You can keep ${ADDRESSES_MAX} addresses: remove one first.`, 'too_many_addresses');
        }
      }
      const first =
        !addressId &&
        Number((await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).limit(1).execute()).length) === 0;
      const isDefault = input.isDefault || first;
      if (isDefault) await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute();
      const values = {
        label: input.label,
        recipient: input.recipient,
        line1: input.line1,
        line2: input.line2,
        city: input.city,
        postal_code: input.postalCode,
        country: input.country,
        phone: input.phone,
        is_default: isDefault ? 1 : 0,
      };
      if (addressId) await trx.updateTable('addresses').set(values).where('id', '=', addressId).execute();
      else
        await trx
          .insertInto('addresses')
          .values({ ...values, id: randomId(), user_id: userId, created_at: clock().toISOString() })
          .execute();
    });
    return addresses(userId);
  }

  async function removeAddress(userId: string, addressId: string): Promise<Address[]> {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('addresses')
        .selectAll()
        .where('id', '=', addressId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound('No such address.');
      await trx.deleteFrom('addresses').where('id', '=', addressId).execute();
      if (row.is_default === 1) {
        // the oldest one left becomes the default
        const next = await trx
          .selectFrom('addresses')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('id')
          .executeTakeFirst();
        if (next) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
      }
    });
    return addresses(userId);
  }

  // ---- payments: what the ledger holds of the user's orders (Souk keeps no card) ----

  async function payments(userId: string): Promise<PaymentRecords> {
    const rows = await db
      .selectFrom('payments')
      .innerJoin('orders', (join) => join.onRef('orders.id', '=', 'payments.subject_id').on('payments.subject_type', '=', 'order'))
      .select([
        'payments.reference',
        'payments.amount_minor',
        'payments.currency',
        'payments.status',
        'payments.method',
        'payments.provider',
        'payments.created_at',
      ])
      .where('orders.buyer_id', '=', userId)
      .orderBy('payments.created_at', 'desc')
      .limit(200)
      .execute();
    return {
      provider: deps.env.PAYMENT_PROVIDER,
      payments: rows.map((r) => ({
        reference: r.reference,
        amountMinor: r.amount_minor,
        currency: r.currency,
        status: r.status,
        method: r.method,
        provider: r.provider,
        createdAt: r.created_at,
      })),
    };
  }

  // ---- email and password ----

  async function startEmailChange(userId: string, newEmail: string, password: string | undefined) {
    const row = await userRow(userId);
    await checkPassword(row, password);
    if (row.email === newEmail) throw fieldError('newEmail', 'validation.sameEmail', 'This is already your email address.');
    const taken = await db.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst();
    // A taken address gets no code, and the answer does not say so: nobody learns who has an account.
    if (taken) return;
    const code = await codes.issue('email_change', newEmail, { userId });
    await mail.send({
      to: newEmail,
      language: row.language,
      template: emailChangeMail,
      params: { firstName: row.first_name, code, newEmail },
    });
  }

  async function completeEmailChange(userId: string, newEmail: string, code: string) {
    const payload = JSON.parse((await codes.consume('email_change', newEmail, code)) ?? '{}') as { userId?: string };
    if (payload.userId !== userId) throw new HttpError(400, 'The code is wrong or has expired. Ask for a new one.', 'invalid_code');
    await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst();
      if (taken) throw new HttpError(400, 'The code is wrong or has expired. Ask for a new one.', 'invalid_code');
      await trx.updateTable('users').set({ email: newEmail }).where('id', '=', userId).execute();
    });
    const user = await loadSessionUser(db, userId);
    return { success: true, user };
  }

  /** Changes the password; `revokeOthers` then ends every other login of the account. */
  async function changePassword(
    userId: string,
    currentPassword: string | undefined,
    newPassword: string,
    revokeOthers: () => Promise<unknown>,
  ) {
    const row = await userRow(userId);
    await checkPassword(row, currentPassword, 'currentPassword');
    const problem = passwordProblem(newPassword, { email: row.email ?? undefined, names: [row.first_name, row.last_name] });
    if (problem) throw fieldError('newPassword', problem);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(newPassword) })
      .where('id', '=', userId)
      .execute();
    await revokeOthers();
  }

  // ---- export ----

  /** Everything Souk holds about the user, and of others only what names the link (a friend's flip). */
  async function exportData(userId: string) {
    const row = await userRow(userId);
    const flipOf = async (ids: string[]) => {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db.selectFrom('users').select(['id', 'flip']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.flip]));
    };
    const friendships = await db
      .selectFrom('friendships')
      .selectAll()
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    const others = await flipOf(friendships.map((f) => (f.requester_id === userId ? f.addressee_id : f.requester_id)));
    const orders = await db.selectFrom('orders').selectAll().where('buyer_id', '=', userId).orderBy('created_at').execute();
    const lines = orders.length
      ? await db
          .selectFrom('order_lines')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .execute()
      : [];
    // conversations with firms as their customer: every message of them (the firm's answers signed
    // by the firm, not by who of its team wrote), with the images' ids
    const conversations = await db
      .selectFrom('conversations as c')
      .innerJoin('firms as f', 'f.id', 'c.firm_id')
      .select(['c.id', 'c.firm_id', 'f.name as firm_name', 'f.username as firm_username', 'c.created_at'])
      .where('c.customer_id', '=', userId)
      .orderBy('c.created_at')
      .execute();
    const conversationIds = conversations.map((c) => c.id);
    const messages = conversationIds.length
      ? await db
          .selectFrom('messages')
          .select(['id', 'conversation_id', 'from_firm', 'body', 'created_at'])
          .where('conversation_id', 'in', conversationIds)
          .orderBy('created_at')
          .execute()
      : [];
    const images = conversationIds.length
      ? await db
          .selectFrom('message_attachments')
          .select(['id', 'message_id'])
          .where('conversation_id', 'in', conversationIds)
          .where('message_id', 'is not', null)
          .orderBy('position')
          .execute()
      : [];
    const reviews = await db
      .selectFrom('reviews as r')
      .innerJoin('firms as f', 'f.id', 'r.firm_id')
      .select([
        'f.name as firm_name',
        'f.username as firm_username',
        'r.rating',
        'r.body',
        'r.created_at',
        'r.updated_at',
        'r.reply',
        'r.reply_at',
      ])
      .where('r.author_id', '=', userId)
      .orderBy('r.created_at')
      .execute();
    const sessions = await db
      .selectFrom('auth_sessions')
      .select(['id', 'method', 'created_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return {
      exportedAt: clock().toISOString(),
      account: {
        id: row.id,
        flip: row.flip,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        dateOfBirth: row.date_of_birth,
        createdAt: row.created_at,
        signsInWithGoogle: row.google_sub !== null,
        totalFriends: row.total_friends,
        settings: shapeSettings(row),
      },
      friendships: friendships.map((f) => ({
        with: others.get(f.requester_id === userId ? f.addressee_id : f.requester_id) ?? null,
        requestedByMe: f.requester_id === userId,
        status: f.status,
        since: f.created_at,
      })),
      saved: await db
        .selectFrom('saved_items')
        .select(['entity_id', 'entity_type_code', 'created_at'])
        .where('user_id', '=', userId)
        .execute(),
      follows: await db.selectFrom('follows').selectAll().where('user_id', '=', userId).execute(),
      addresses: await addresses(userId),
      orders: orders.map((o) => ({
        reference: o.reference,
        firmId: o.firm_id,
        kind: o.kind,
        status: o.status,
        currency: o.currency,
        totalMinor: o.total_minor,
        createdAt: o.created_at,
        lines: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({ label: l.label, quantity: l.quantity, unitPriceMinor: l.unit_price_minor })),
      })),
      tickets: await db.selectFrom('tickets').select(['id', 'event_id', 'status', 'created_at']).where('holder_id', '=', userId).execute(),
      payments: (await payments(userId)).payments,
      cart: await db
        .selectFrom('cart_items')
        .select(['item_id', 'variant_id', 'quantity', 'added_at'])
        .where('user_id', '=', userId)
        .execute(),
      notifications: (
        await db
          .selectFrom('notifications')
          .select(['kind', 'params', 'link', 'created_at', 'read_at'])
          .where('user_id', '=', userId)
          .execute()
      ).map((n) => ({ ...n, params: JSON.parse(n.params) as unknown })),
      notificationSettings: await db
        .selectFrom('notification_settings')
        .select(['kind', 'in_app', 'email', 'push'])
        .where('user_id', '=', userId)
        .execute(),
      pushSubscriptions: await db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'user_agent', 'created_at'])
        .where('user_id', '=', userId)
        .execute(),
      reports: await db
        .selectFrom('reports')
        .select(['target_type', 'target_id', 'reason', 'created_at'])
        .where('reporter_id', '=', userId)
        .execute(),
      conversations: conversations.map((c) => ({
        firm: { name: c.firm_name, username: c.firm_username },
        startedAt: c.created_at,
        messages: messages
          .filter((m) => m.conversation_id === c.id)
          .map((m) => ({
            from: m.from_firm === 1 ? c.firm_name : 'me',
            body: m.body,
            images: images.filter((i) => i.message_id === m.id).map((i) => i.id),
            sentAt: m.created_at,
          })),
      })),
      reviews: reviews.map((r) => ({
        firm: { name: r.firm_name, username: r.firm_username },
        rating: r.rating,
        text: r.body,
        writtenAt: r.created_at,
        editedAt: r.updated_at,
        firmReply: r.reply === null ? null : { text: r.reply, at: r.reply_at },
      })),
      sessions,
    };
  }

  // ---- deletion ----

  async function startDeletion(userId: string, password: string | undefined) {
    const row = await userRow(userId);
    await checkPassword(row, password);
    if (!row.email) throw new HttpError(409, 'This account has no email address to send the code to.', 'no_email');
    const code = await codes.issue('delete_account', row.email, { userId });
    await mail.send({
      to: row.email,
      language: row.language,
      template: deletionCodeMail,
      params: { firstName: row.first_name, code, days: DELETION_GRACE_DAYS },
    });
  }

  async function confirmDeletion(userId: string, code: string): Promise<AccountSettings> {
    const row = await userRow(userId);
    if (!row.email) throw new HttpError(400, 'The code is wrong or has expired. Ask for a new one.', 'invalid_code');
    const payload = JSON.parse((await codes.consume('delete_account', row.email, code)) ?? '{}') as { userId?: string };
    if (payload.userId !== userId) throw new HttpError(400, 'The code is wrong or has expired. Ask for a new one.', 'invalid_code');
    const due = new Date(clock().getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString();
    await db.updateTable('users').set({ deletion_due_at: due }).where('id', '=', userId).execute();
    return settings(userId);
  }

  async function cancelDeletion(userId: string): Promise<AccountSettings> {
    await db.updateTable('users').set({ deletion_due_at: null }).where('id', '=', userId).execute();
    return settings(userId);
  }

  return {
    settings,
    updateSettings,
    addresses,
    saveAddress,
    removeAddress,
    payments,
    startEmailChange,
    completeEmailChange,
    changePassword,
    exportData,
    startDeletion,
    confirmDeletion,
    cancelDeletion,
  };
}
