import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { reviewQueueSchema, type ReviewGroup } from '../../../shared/moderation';
import { lastMailTo } from '../../testing/outbox';

/** The review queue: reports grouped by target, each action's effect, the member told, and their one appeal. */
const people = usePeople(['ada', 'ann', 'cy', 'owner', 'mona'], {
  envOverrides: { ADMIN_AREA: 'on', ADMIN_EMAILS: 'ada@example.com' },
});

const report = (who: string, targetType: string, targetId: string, reason = 'spam') =>
  people.call(who, 'POST', '/api/user/reports', { targetType, targetId, reason });
const act = (body: Record<string, unknown>, who = 'ada') => people.call(who, 'POST', '/api/admin/review-queue/actions', body);
async function queue(): Promise<ReviewGroup[]> {
  const { status, body } = await people.call('ada', 'GET', '/api/admin/review-queue');
  expect(status).toBe(200);
  return reviewQueueSchema.parse(body);
}
const groupOf = async (targetType: string, targetId: string) =>
  (await queue()).find((group) => group.targetType === targetType && group.targetId === targetId);
async function inbox(who: string) {
  return (await people.call(who, 'GET', '/api/user/notifications')).body.content as { kind: string; body: string; link: string }[];
}

describe('the review queue', () => {
  it('groups open reports by target with a preview, the reporters and how often', async () => {
    await people.ctx.deps.db
      .insertInto('employments')
      .values({
        id: 'emp-owner',
        firm_id: 'f1',
        user_id: 'owner',
        user_role: 'OWNER',
        profession: null,
        active: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await report('ann', 'post', 'b1')).status).toBe(201);
    expect((await report('cy', 'post', 'blogb1xx', 'scam')).status).toBe(201);
    expect((await report('ann', 'user', 'mona', 'harassment')).status).toBe(201);
    const groups = await queue();
    expect(groups).toHaveLength(2);
    const post = groups.find((group) => group.targetType === 'post')!;
    expect(post).toMatchObject({ targetId: 'b1', targetName: 'Post b1', preview: 'Summary', reports: 2, restorable: false, appeal: null });
    expect(post.reasons.sort()).toEqual(['scam', 'spam']);
    expect(post.reporters.map((reporter) => reporter.id).sort()).toEqual(['ann', 'cy']);
    expect(post.firstReportedAt <= post.lastReportedAt).toBe(true);
  });

  it('is not there for members, firm owners included', async () => {
    for (const who of ['ann', 'owner', null]) {
      expect((await people.call(who, 'GET', '/api/admin/review-queue')).status).toBe(404);
      expect((await act({ targetType: 'post', targetId: 'b1', action: 'hide', reason: 'not mine to hide' }, who!)).status).toBe(404);
    }
  });

  it('hides a post from its page, the lists and search; tells the owner; the appeal puts it back in the queue; restore brings it back', async () => {
    const search = async () => JSON.stringify((await people.call(null, 'GET', '/api/public/search?q=Post')).body);
    expect(await search()).toContain('blogb1xx');
    expect((await act({ targetType: 'post', targetId: 'b1', action: 'hide' })).status).toBe(400); // no reason
    const hidden = await act({ targetType: 'post', targetId: 'b1', action: 'hide', reason: 'Spam links to a scam shop' });
    expect(hidden.status).toBe(200);
    expect((await people.call(null, 'GET', '/api/public/blog-posts/sid/blogb1xx')).status).toBe(404);
    const list = JSON.stringify((await people.call(null, 'GET', '/api/public/blog-posts')).body);
    expect(list).not.toContain('blogb1xx');
    expect(await search()).not.toContain('blogb1xx');
    expect(await groupOf('post', 'b1')).toBeUndefined();
    const owner = await people.call('owner', 'GET', '/api/user/notifications');
    expect(owner.body.content[0]).toMatchObject({ kind: 'moderation.hidden', link: `/profile/help/moderation/${hidden.body.id}` });
    expect(owner.body.content[0].body).toContain('Spam links to a scam shop');
    const log = (await people.call('ada', 'GET', '/api/admin/audit-log')).body.entries[0];
    expect(log).toMatchObject({ action: 'moderation.hide', targetType: 'post', targetId: 'b1', reason: 'Spam links to a scam shop' });

    const notice = `/api/user/moderation/${hidden.body.id}`;
    expect((await people.call('ann', 'GET', notice)).status).toBe(404); // only the member it concerns
    expect((await people.call('owner', 'GET', notice)).body).toMatchObject({ action: 'hide', canAppeal: true, appeal: null });
    const appealed = await people.call('owner', 'POST', `${notice}/appeal`, { text: 'It is our own shop, not a scam.' });
    expect(appealed.status).toBe(200);
    expect(appealed.body).toMatchObject({ canAppeal: false, appeal: 'It is our own shop, not a scam.' });
    expect((await people.call('owner', 'POST', `${notice}/appeal`, { text: 'Once more, please.' })).status).toBe(409);
    const back = await groupOf('post', 'b1');
    expect(back).toMatchObject({ reports: 2, restorable: true, appeal: { action: 'hide', text: 'It is our own shop, not a scam.' } });

    expect((await act({ targetType: 'post', targetId: 'b1', action: 'restore', reason: 'The appeal holds' })).status).toBe(200);
    expect((await people.call(null, 'GET', '/api/public/blog-posts/sid/blogb1xx')).status).toBe(200);
    expect(await groupOf('post', 'b1')).toBeUndefined();
    expect((await inbox('owner'))[0].kind).toBe('moderation.restored');
    expect((await act({ targetType: 'post', targetId: 'b1', action: 'restore', reason: 'Twice' })).status).toBe(409);
  });

  it('keeps a hidden post from being published again by its firm', async () => {
    await act({ targetType: 'post', targetId: 'b2', action: 'hide', reason: 'Copied from another site' });
    const toggled = await people.call('owner', 'PATCH', '/api/dashboard/blog-posts/b2/status?firmId=f1');
    expect(toggled).toMatchObject({ status: 409, body: { code: 'hidden_by_admin' } });
    expect((await people.call(null, 'GET', '/api/public/blog-posts/sid/blogb2xx')).status).toBe(404);
  });

  it('hides a review from the firm’s list and warns its author in their language', async () => {
    await people.ctx.deps.db.updateTable('users').set({ language: 'fr' }).where('id', '=', 'cy').execute();
    await people.ctx.deps.db
      .insertInto('reviews')
      .values({
        id: 'rv1',
        firm_id: 'f3',
        author_id: 'cy',
        rating: 1,
        body: 'Awful liars',
        created_at: '2026-01-02T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
        reply: null,
        reply_at: null,
        reply_by: null,
      })
      .execute();
    await people.ctx.deps.db.updateTable('firms').set({ rating_count: 1, rating_sum: 1 }).where('id', '=', 'f3').execute();
    const reviews = async () => JSON.stringify((await people.call(null, 'GET', '/api/user/reviews?firmId=f3')).body);
    expect(await reviews()).toContain('Awful liars');
    expect((await act({ targetType: 'review', targetId: 'rv1', action: 'hide', reason: 'Insults' })).status).toBe(200);
    expect(await reviews()).not.toContain('Awful liars');
    expect((await act({ targetType: 'review', targetId: 'rv1', action: 'warn', reason: 'Stay civil' })).status).toBe(200);
    const [warned] = await inbox('cy');
    expect(warned.kind).toBe('moderation.warned');
    expect(warned.body).toBe('About Pages & Co: Stay civil'); // the inbox answers in the reader's language
    // the mail goes out in the member's own, even to one who cannot sign in (suspended)
    const mail = lastMailTo(people.ctx.dataDir, 'cy@example.com')!;
    expect(mail).toMatchObject({ subject: 'Un avertissement des modérateurs', language: 'fr' });
    expect(mail.text).toContain('À propos de Pages & Co : Stay civil');
  });

  it('dismisses a group without telling anyone', async () => {
    expect((await act({ targetType: 'user', targetId: 'mona', action: 'dismiss', reason: 'Nothing wrong here' })).status).toBe(200);
    expect(await groupOf('user', 'mona')).toBeUndefined();
    expect(await inbox('mona')).toEqual([]);
  });

  it('suspends a member: their open session is refused at its next request, login too, until restored', async () => {
    expect((await people.call('mona', 'GET', '/api/user/notifications')).status).toBe(200);
    expect((await act({ targetType: 'user', targetId: 'mona', action: 'suspend', reason: 'Repeated harassment' })).status).toBe(400); // no days
    const suspended = await act({ targetType: 'user', targetId: 'mona', action: 'suspend', days: 7, reason: 'Repeated harassment' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.until).toMatch(/^\d{4}-/);
    expect((await people.call('mona', 'GET', '/api/user/notifications')).status).toBe(401);
    const relogin = await people.ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mona@example.com', password: 'correct horse battery' }),
    });
    expect(relogin.status).toBe(403);
    expect((await relogin.json()).code).toBe('account_suspended');
    expect((await act({ targetType: 'user', targetId: 'mona', action: 'restore', reason: 'Served enough' })).status).toBe(200);
    const back = await people.ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mona@example.com', password: 'correct horse battery' }),
    });
    expect(back.status).toBe(200);
    const kinds = (
      await people.ctx.deps.db.selectFrom('notifications').select('kind').where('user_id', '=', 'mona').orderBy('created_at').execute()
    ).map((row) => row.kind);
    expect(kinds).toEqual(['moderation.suspended', 'moderation.restored']);
  });

  it('suspends the owner over a post, and restore from there lifts it', async () => {
    await people.ctx.deps.db
      .insertInto('employments')
      .values({
        id: 'emp-owner-f3',
        firm_id: 'f3',
        user_id: 'owner',
        user_role: 'OWNER',
        profession: null,
        active: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await report('cy', 'post', 'b3')).status).toBe(201);
    expect((await act({ targetType: 'post', targetId: 'b3', action: 'suspend', days: 3, reason: 'Spam again' })).status).toBe(200);
    const suspended = await people.ctx.deps.db
      .selectFrom('users')
      .select('suspended_until')
      .where('id', '=', 'owner')
      .executeTakeFirstOrThrow();
    expect(suspended.suspended_until).not.toBeNull();
    expect((await report('cy', 'post', 'b3')).status).toBe(201);
    expect(await groupOf('post', 'b3')).toMatchObject({ restorable: true });
    expect((await act({ targetType: 'post', targetId: 'b3', action: 'restore', reason: 'Wrong owner' })).status).toBe(200);
    const lifted = await people.ctx.deps.db
      .selectFrom('users')
      .select('suspended_until')
      .where('id', '=', 'owner')
      .executeTakeFirstOrThrow();
    expect(lifted.suspended_until).toBeNull();
  });

  it('hides a firm from its page and from search', async () => {
    expect((await people.call(null, 'GET', '/api/public/firms/u/nightowl')).status).toBe(200);
    expect((await act({ targetType: 'firm', targetId: 'f2', action: 'hide', reason: 'Fake business' })).status).toBe(200);
    expect((await people.call(null, 'GET', '/api/public/firms/u/nightowl')).status).toBe(404);
    expect(JSON.stringify((await people.call(null, 'GET', '/api/public/search?q=Night')).body)).not.toContain('nightowl');
    expect((await act({ targetType: 'firm', targetId: 'f2', action: 'restore', reason: 'Verified' })).status).toBe(200);
    expect((await people.call(null, 'GET', '/api/public/firms/u/nightowl')).status).toBe(200);
  });

  it('terminates an account for good', async () => {
    expect((await act({ targetType: 'user', targetId: 'ann', action: 'terminate', reason: 'Spam account' })).status).toBe(200);
    expect((await people.call('ann', 'GET', '/api/user/reports')).status).toBe(401);
  });
});
