import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { accountSettingsSchema, addressListSchema, DELETION_GRACE_DAYS } from '../../../shared/account';
import { FIXTURE_NOW, PASSWORD } from '../../testing/marketplace-fixtures';
import { codeFromOutbox, lastMailTo } from '../../testing/outbox';
import { createAccountPurge } from './account.purge';

/**
 * The account pages over HTTP on the real database (SQLite, or PostgreSQL with DATABASE_URL):
 * settings, addresses, email and password changes, the data export and deletion.
 * alice and bob are friends, carol is alice's friend too; dave is a stranger.
 */
let now = FIXTURE_NOW.getTime();
const people = usePeople(['alice', 'bob', 'carol', 'dave', 'erin', 'fred'], { clock: () => new Date(now) });
const api = (who: string | null, method: string, path: string, body?: unknown) => people.call(who, method, `/api/iam/account${path}`, body);
const befriend = async (a: string, b: string) => {
  expect((await people.call(a, 'POST', `/api/user/people/friends/update?targetUserId=${b}&action=request`)).status).toBe(200);
  expect((await people.call(b, 'POST', `/api/user/people/friends/update?targetUserId=${a}&action=accept`)).status).toBe(200);
};
const HOME = { recipient: 'Alice Test', line1: '12 Rue des Lilas', city: 'Lyon', postalCode: '69001', country: 'FR' };

beforeAll(async () => {
  await befriend('alice', 'bob');
  await befriend('alice', 'carol');
  for (const who of ['alice', 'bob']) {
    await people.call(who, 'POST', '/api/user/user-saved', { entityId: 'f1', entityTypeCode: 20 });
  }
  await people.call('bob', 'POST', '/api/user/user-saved', { entityId: 'b1', entityTypeCode: 90 });
  await api('bob', 'POST', '/addresses', {
    ...HOME,
    recipient: 'Bob Secret',
    line1: '99 Hidden Lane',
    city: 'Leeds',
    postalCode: 'LS1 4AP',
    country: 'GB',
  });
});

describe('settings, preferences and privacy', () => {
  it('are read and changed by their owner only, and the user answer follows at once', async () => {
    expect((await api(null, 'GET', '/settings')).status).toBe(401);
    const before = await api('dave', 'GET', '/settings');
    expect(accountSettingsSchema.parse(before.body)).toMatchObject({
      theme: 'default',
      isPrivate: false,
      hourFormat: 24,
      hasPassword: true,
    });
    const changed = await api('dave', 'PUT', '/settings', {
      hourFormat: 12,
      regionPreference: 'US',
      theme: 'dark',
      isPrivate: true,
      friendRequestsFrom: 'nobody',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toMatchObject({
      hourFormat: 12,
      regionPreference: 'US',
      theme: 'dark',
      isPrivate: true,
      friendRequestsFrom: 'nobody',
    });
    expect(changed.body.user).toMatchObject({ hourFormat: 12, regionPreference: 'US' });
    // a closed door holds on the server
    expect((await people.call('erin', 'POST', '/api/user/people/friends/update?targetUserId=dave&action=request')).status).toBe(403);
  });

  it('refuses bad input with field errors, and an empty change', async () => {
    for (const bad of [{ theme: 'neon' }, { hourFormat: 13 }, { regionPreference: 'ASIA' }, { language: 'de' }, {}]) {
      const answer = await api('dave', 'PUT', '/settings', bad);
      expect(answer.status).toBe(400);
    }
  });
});

describe('addresses', () => {
  it('are validated, the first is the default, and nobody else can touch them', async () => {
    const bad = await api('alice', 'POST', '/addresses', { ...HOME, postalCode: '!', country: 'ZZ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country', 'postalCode']);
    const first = await api('alice', 'POST', '/addresses', HOME);
    expect(first.status).toBe(201);
    expect(addressListSchema.parse(first.body)).toEqual([expect.objectContaining({ line1: '12 Rue des Lilas', isDefault: true })]);
    const second = await api('alice', 'POST', '/addresses', { ...HOME, label: 'Work', line1: '3 Quai Perrache', isDefault: true });
    expect(second.body.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['', false],
    ]);
    const work = second.body[0].id;
    expect((await api('bob', 'PUT', `/addresses/${work}`, HOME)).status).toBe(404);
    expect((await api('bob', 'DELETE', `/addresses/${work}`)).status).toBe(404);
    const left = await api('alice', 'DELETE', `/addresses/${work}`);
    expect(left.body).toEqual([expect.objectContaining({ line1: '12 Rue des Lilas', isDefault: true })]);
  });

  it('stop at ten', async () => {
    for (let i = 0; i < 10; i++) expect((await api('erin', 'POST', '/addresses', { ...HOME, label: `A${i}` })).status).toBe(201);
    expect((await api('erin', 'POST', '/addresses', HOME)).status).toBe(409);
  });
});

describe('email and password', () => {
  it('moves the account to a new address with the code mailed there, after the password', async () => {
    expect((await api('carol', 'POST', '/email', { newEmail: 'carol.new@example.com', password: 'wrong password!' })).status).toBe(400);
    expect((await api('carol', 'POST', '/email', { newEmail: 'carol.new@example.com', password: PASSWORD })).status).toBe(200);
    const code = codeFromOutbox(people.ctx.dataDir, 'carol.new@example.com');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await api('carol', 'POST', '/email/confirm', { newEmail: 'carol.new@example.com', code: wrongCode })).status).toBe(400);
    // another account cannot use carol's code
    expect((await api('dave', 'POST', '/email/confirm', { newEmail: 'carol.new@example.com', code })).status).toBe(400);
    const code2 = await (async () => {
      await api('carol', 'POST', '/email', { newEmail: 'carol.new@example.com', password: PASSWORD });
      return codeFromOutbox(people.ctx.dataDir, 'carol.new@example.com');
    })();
    const done = await api('carol', 'POST', '/email/confirm', { newEmail: 'carol.new@example.com', code: code2 });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe('carol.new@example.com');
  });

  it('sends nothing to an address that is already someone’s, with the same answer', async () => {
    const before = lastMailTo(people.ctx.dataDir, 'bob@example.com');
    const answer = await api('dave', 'POST', '/email', { newEmail: 'bob@example.com', password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(lastMailTo(people.ctx.dataDir, 'bob@example.com')).toEqual(before);
  });

  it('changes the password after the current one, and ends the other logins', async () => {
    const { login } = await import('../../testing/marketplace-fixtures');
    const other = await login(people.ctx, 'fred@example.com');
    const wrong = await api('fred', 'PUT', '/password', { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('currentPassword');
    expect((await api('fred', 'PUT', '/password', { currentPassword: PASSWORD, newPassword: 'password' })).status).toBe(400);
    expect((await api('fred', 'PUT', '/password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' })).status).toBe(200);
    // this login goes on, the other one ended
    expect((await api('fred', 'GET', '/settings')).status).toBe(200);
    const otherAnswer = await people.ctx.request('/api/iam/account/settings', { headers: { Cookie: other } });
    expect(otherAnswer.status).toBe(401);
    const relogin = await people.ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'fred@example.com', password: 'a brand new passphrase' }),
    });
    expect(relogin.status).toBe(200);
  });
});

describe('the data export', () => {
  it('holds the user’s data and nobody else’s', async () => {
    const answer = await people.ctx.request('/api/iam/account/export', { headers: { Cookie: people.cookie('alice') } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="souk-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = await answer.json();
    expect(data.account).toMatchObject({ id: 'alice', email: 'alice@example.com', flip: 'flip-alice', totalFriends: 2 });
    expect(data.friendships.map((f: { with: string }) => f.with).sort()).toEqual(['flip-bob', 'flip-carol']);
    expect(data.saved.map((s: { entity_id: string }) => s.entity_id)).toEqual(['f1']);
    expect(data.addresses.map((a: { line1: string }) => a.line1)).toEqual(['12 Rue des Lilas']);
    expect(data.notifications.length).toBeGreaterThan(0); // bob and carol accepted
    const text = JSON.stringify(data);
    // nothing of bob's or carol's own data: emails, addresses, saved posts, password hashes, ids of their rows
    for (const secret of ['bob@example.com', 'carol.new@example.com', 'Bob Secret', 'Hidden Lane', '"b1"', 'argon2', 'password_hash']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"user_id":"(bob|carol)"/);
  });
});

describe('the data export: conversations and reviews', () => {
  it('holds my conversations with firms (both sides, the firm named) and my reviews with the firm’s reply, and nobody else’s', async () => {
    const { db } = people.ctx.deps;
    const open = async (who: string) => (await people.call(who, 'POST', '/api/user/conversations', { firmId: 'f1' })).body.id as string;
    const mine = await open('erin');
    const theirs = await open('dave');
    expect((await people.call('erin', 'POST', `/api/user/conversations/${mine}/messages`, { body: 'Erin asks about gluten' })).status).toBe(
      201,
    );
    expect(
      (await people.call('dave', 'POST', `/api/user/conversations/${theirs}/messages`, { body: 'Dave private question' })).status,
    ).toBe(201);
    // the firm's answer to erin (written by someone of its team)
    await db
      .insertInto('messages')
      .values({
        id: 'export-reply',
        conversation_id: mine,
        sender_id: 'carol',
        from_firm: 1,
        body: 'We have gluten-free bread',
        created_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('reviews')
      .values([
        {
          id: 'rev-erin',
          firm_id: 'f1',
          author_id: 'erin',
          rating: 4,
          body: 'Erin liked the tea',
          created_at: '2026-05-01T00:00:00.000Z',
          updated_at: '2026-05-02T00:00:00.000Z',
          reply: 'Thanks Erin!',
          reply_at: '2026-05-03T00:00:00.000Z',
          reply_by: 'carol',
        },
        {
          id: 'rev-dave',
          firm_id: 'f1',
          author_id: 'dave',
          rating: 1,
          body: 'Dave secret complaint',
          created_at: '2026-05-01T00:00:00.000Z',
          updated_at: '2026-05-01T00:00:00.000Z',
          reply: null,
          reply_at: null,
          reply_by: null,
        },
      ])
      .execute();

    const answer = await people.ctx.request('/api/iam/account/export', { headers: { Cookie: people.cookie('erin') } });
    expect(answer.status).toBe(200);
    const data = await answer.json();
    expect(data.conversations).toEqual([
      {
        firm: { name: 'Café Lumière', username: 'CafeLumiere' },
        startedAt: expect.any(String),
        messages: [
          { from: 'me', body: 'Erin asks about gluten', images: [], sentAt: expect.any(String) },
          { from: 'Café Lumière', body: 'We have gluten-free bread', images: [], sentAt: '2099-01-01T00:00:00.000Z' },
        ],
      },
    ]);
    expect(data.reviews).toEqual([
      {
        firm: { name: 'Café Lumière', username: 'CafeLumiere' },
        rating: 4,
        text: 'Erin liked the tea',
        writtenAt: '2026-05-01T00:00:00.000Z',
        editedAt: '2026-05-02T00:00:00.000Z',
        firmReply: { text: 'Thanks Erin!', at: '2026-05-03T00:00:00.000Z' },
      },
    ]);
    const text = JSON.stringify(data);
    // nothing of dave's conversation or review, nor who of the team answered
    for (const secret of ['Dave private question', 'Dave secret complaint', theirs, '"dave"', 'carol']) expect(text).not.toContain(secret);
  });
});

describe('deleting an account', () => {
  it('asks for the password and a mailed code, waits out the grace period, and can be stopped', async () => {
    expect((await api('bob', 'POST', '/deletion', { password: 'wrong password!' })).status).toBe(400);
    expect((await api('bob', 'POST', '/deletion', { password: PASSWORD })).status).toBe(200);
    const code = codeFromOutbox(people.ctx.dataDir, 'bob@example.com');
    expect((await api('alice', 'POST', '/deletion/confirm', { code })).status).toBe(400); // another account's code
    const confirmed = await api('bob', 'POST', '/deletion/confirm', { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.deletionDueAt).toBe(new Date(now + DELETION_GRACE_DAYS * 86_400_000).toISOString());
    const kept = await api('bob', 'DELETE', '/deletion');
    expect(kept.body.deletionDueAt).toBeNull();
    // nothing goes while nothing is due
    const purge = createAccountPurge(people.ctx.deps);
    now += (DELETION_GRACE_DAYS + 1) * 86_400_000;
    expect(await purge.purgeDue()).toBe(0);
    now = FIXTURE_NOW.getTime();
  });

  it('replaces what the person wrote to firms by "message deleted": no words, no pictures; the firm’s answers stay', async () => {
    const { db } = people.ctx.deps;
    const conversation = (await people.call('fred', 'POST', '/api/user/conversations', { firmId: 'f2' })).body.id as string;
    const sent = await people.call('fred', 'POST', `/api/user/conversations/${conversation}/messages`, { body: 'My phone is 0612345678' });
    expect(sent.status).toBe(201);
    await db
      .insertInto('message_attachments')
      .values({
        id: 'msg_fredpic',
        conversation_id: conversation,
        message_id: sent.body.id,
        uploader_id: 'fred',
        width: 10,
        height: 10,
        color: '#000',
        created_at: FIXTURE_NOW.toISOString(),
      })
      .execute();
    await db
      .insertInto('messages')
      .values({
        id: 'reply-to-fred',
        conversation_id: conversation,
        sender_id: 'carol',
        from_firm: 1,
        body: 'We will call you',
        created_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();

    await createAccountPurge(people.ctx.deps).purge('fred');

    const rows = await db
      .selectFrom('messages')
      .select(['id', 'body', 'deleted'])
      .where('conversation_id', '=', conversation)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { id: sent.body.id, body: '', deleted: 1 },
      { id: 'reply-to-fred', body: 'We will call you', deleted: 0 },
    ]);
    expect(await db.selectFrom('message_attachments').select('id').where('conversation_id', '=', conversation).execute()).toEqual([]);
    const text = JSON.stringify(await db.selectFrom('conversations').selectAll().where('id', '=', conversation).execute());
    expect(text).not.toContain('0612345678');
  });

  it('removes or anonymises every row it should once due, and friends lose one friend', async () => {
    const { db } = people.ctx.deps;
    // bob reported someone, was notified, notified alice (by befriending), follows a firm, has a cart and an order
    await people.call('bob', 'POST', '/api/user/reports', { targetType: 'user', targetId: 'dave', reason: 'spam', details: '' });
    expect((await people.call('bob', 'PUT', '/api/user/follows/f1')).status).toBe(200);
    expect((await db.selectFrom('follows').select('firm_id').where('user_id', '=', 'bob').execute()).length).toBe(1);
    await db
      .insertInto('orders')
      .values({
        id: 'order-bob',
        reference: 'SK-BOB001',
        buyer_id: 'bob',
        firm_id: 'f1',
        kind: 'shop',
        event_id: null,
        status: 'paid',
        currency: 'EUR',
        total_minor: 1200,
        hold_expires_at: null,
        idempotency_key: 'k-bob',
        request_hash: 'h',
        language: 'en',
        created_at: FIXTURE_NOW.toISOString(),
        updated_at: FIXTURE_NOW.toISOString(),
        paid_at: FIXTURE_NOW.toISOString(),
      })
      .execute();
    const countOf = async (id: string) =>
      (await db.selectFrom('users').select('total_friends').where('id', '=', id).executeTakeFirstOrThrow()).total_friends;
    const aliceFriends = await countOf('alice');

    await api('bob', 'POST', '/deletion', { password: PASSWORD });
    await api('bob', 'POST', '/deletion/confirm', { code: codeFromOutbox(people.ctx.dataDir, 'bob@example.com') });
    const purge = createAccountPurge(people.ctx.deps);
    now += DELETION_GRACE_DAYS * 86_400_000 - 60_000;
    expect(await purge.purgeDue()).toBe(0);
    now += 120_000;
    expect(await purge.purgeDue()).toBe(1);

    const bob = await db.selectFrom('users').selectAll().where('id', '=', 'bob').executeTakeFirstOrThrow();
    expect(bob).toMatchObject({
      first_name: 'Deleted',
      last_name: 'account',
      email: null,
      password_hash: null,
      google_sub: null,
      image_path: null,
      date_of_birth: null,
      status_code: 9,
      total_friends: 0,
      deletion_due_at: null,
    });
    expect(bob.flip).not.toContain('bob');
    expect(await countOf('alice')).toBe(aliceFriends - 1);
    const rows = async (
      table:
        | 'saved_items'
        | 'follows'
        | 'notifications'
        | 'notification_settings'
        | 'push_subscriptions'
        | 'addresses'
        | 'cart_items'
        | 'auth_sessions',
    ) => (await db.selectFrom(table).select('user_id').where('user_id', '=', 'bob').execute()).length;
    for (const table of [
      'saved_items',
      'follows',
      'notifications',
      'notification_settings',
      'push_subscriptions',
      'addresses',
      'cart_items',
      'auth_sessions',
    ] as const) {
      expect([table, await rows(table)]).toEqual([table, 0]);
    }
    const friendships = await db
      .selectFrom('friendships')
      .select('id')
      .where((eb) => eb.or([eb('requester_id', '=', 'bob'), eb('addressee_id', '=', 'bob')]))
      .execute();
    expect(friendships).toEqual([]);
    expect(await db.selectFrom('email_codes').select('id').where('email', '=', 'bob@example.com').execute()).toEqual([]);
    expect(await db.selectFrom('notifications').select('id').where('actor_id', '=', 'bob').execute()).toEqual([]);
    expect(await db.selectFrom('reports').select('id').where('reporter_id', '=', 'bob').execute()).toEqual([]);
    expect((await db.selectFrom('reports').select('target_id').where('target_id', '=', 'dave').execute()).length).toBe(1);
    // the firm's sale stays, with nobody named
    expect(await db.selectFrom('orders').select(['buyer_id', 'total_minor']).where('id', '=', 'order-bob').executeTakeFirst()).toEqual({
      buyer_id: 'bob',
      total_minor: 1200,
    });
    // gone from people and profiles; the old login no longer works
    expect((await people.call('alice', 'GET', '/api/user/profile/profile-by-flip?flip=flip-bob')).status).toBe(404);
    expect((await api('bob', 'GET', '/settings')).status).toBe(401);
    const relogin = await people.ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bob@example.com', password: PASSWORD }),
    });
    expect(relogin.status).toBe(401);
    now = FIXTURE_NOW.getTime();
  });
});
