import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { adminFirmProfileSchema, adminUserProfileSchema } from '../../../shared/admin';
import { OWNER_SUSPENDED_STATUS } from '../../../shared/moderation';
import { jobsOf } from '../../lib/jobs';
import { lastMailTo } from '../../testing/outbox';

/**
 * Moderation of accounts and firms beyond the review queue: a squatted username given to another firm
 * or freed, a suspended owner's firm off the public pages while the suspension lasts, a hidden review
 * out of its firm's rating, and the admin's view of a member or a firm.
 */
const DAY_MS = 86_400_000;
let offset = 0;
const people = usePeople(['ada', 'sq', 'rival', 'cy', 'boss'], {
  envOverrides: { ADMIN_AREA: 'on', ADMIN_EMAILS: 'ada@example.com' },
  extra: { sq: { language: 'ar' } },
  clock: () => new Date(Date.now() + offset),
});

const act = (body: Record<string, unknown>) => people.call('ada', 'POST', '/api/admin/review-queue/actions', body);
const firmPage = (username: string) => people.call(null, 'GET', `/api/public/firms/u/${username}`);
const employ = (firmId: string, userId: string) =>
  people.ctx.deps.db
    .insertInto('employments')
    .values({
      id: `emp-${firmId}-${userId}`,
      firm_id: firmId,
      user_id: userId,
      user_role: 'OWNER',
      profession: null,
      active: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();

describe('reassigning a squatted username', () => {
  it('gives it to another firm: old links lead there, the old holder gets a new one and is told why in their language', async () => {
    await employ('f2', 'sq');
    await employ('f3', 'rival');
    expect((await people.call('rival', 'POST', '/api/user/reports', { targetType: 'firm', targetId: 'f2', reason: 'fake' })).status).toBe(
      201,
    );
    expect((await firmPage('nightowl')).body.id).toBe('f2');

    const done = await act({
      targetType: 'firm',
      targetId: 'f2',
      action: 'reassign',
      giveTo: 'pages',
      reason: 'Night Owl is their trademark',
    });
    expect(done.status).toBe(200);
    const { before, after } = done.body.username as { before: string; after: string };
    expect(before).toBe('nightowl');
    expect(after).toMatch(/^firm-[0-9a-f]{8}$/);
    expect((await firmPage('nightowl')).body.id).toBe('f3'); // links to the old name follow the new holder
    expect((await firmPage(after)).body.id).toBe('f2');
    expect((await firmPage('pages')).status).toBe(404);
    expect(JSON.stringify((await people.call(null, 'GET', `/api/public/search?q=${after}`)).body)).toContain('f2');

    const [told] = (await people.call('sq', 'GET', '/api/user/notifications')).body.content;
    expect(told).toMatchObject({ kind: 'moderation.reassigned', link: `/profile/help/moderation/${done.body.id}` });
    expect(told.body).toContain(`/${after}`);
    const mail = lastMailTo(people.ctx.dataDir, 'sq@example.com')!;
    expect(mail).toMatchObject({ subject: 'أُعيد تخصيص اسم المستخدم لمنشأتك', language: 'ar' });
    expect(mail.text).toContain('Night Owl is their trademark');
    const notice = await people.call('sq', 'GET', `/api/user/moderation/${done.body.id}`);
    expect(notice.body).toMatchObject({ action: 'reassign', username: { before: 'nightowl', after }, canAppeal: true });

    const [entry] = (await people.call('ada', 'GET', '/api/admin/audit-log')).body.entries;
    expect(entry).toMatchObject({
      action: 'moderation.reassign',
      targetType: 'firm',
      targetId: 'f2',
      reason: 'Night Owl is their trademark',
      detail: { username: 'nightowl', newUsername: after, givenTo: 'f3', memberId: 'sq' },
    });
    const queue = (await people.call('ada', 'GET', '/api/admin/review-queue')).body as { targetId: string }[];
    expect(queue.some((group) => group.targetId === 'f2')).toBe(false);
  });

  it('frees a username for anyone to claim', async () => {
    const done = await act({ targetType: 'firm', targetId: 'f3', action: 'reassign', reason: 'Held only to sell it on' });
    expect(done.status).toBe(200);
    expect((await firmPage('nightowl')).status).toBe(404);
    const check = await people.call('cy', 'GET', '/api/business/firms/username-availability?username=nightowl');
    expect(check.body).toMatchObject({ status: 'free' });
  });

  it('refuses what is not a firm, the firm itself and a firm that does not exist', async () => {
    expect((await act({ targetType: 'user', targetId: 'sq', action: 'reassign', reason: 'Not a firm' })).status).toBe(400);
    const { body } = await people.call('ada', 'GET', '/api/admin/firms/f1');
    const own = adminFirmProfileSchema.parse(body).firm.username;
    expect((await act({ targetType: 'firm', targetId: 'f1', action: 'reassign', giveTo: own, reason: 'To itself' })).status).toBe(400);
    expect((await act({ targetType: 'firm', targetId: 'f1', action: 'reassign', giveTo: 'nobody-has-it', reason: 'Nobody' })).status).toBe(
      404,
    );
    expect((await act({ targetType: 'firm', targetId: 'f1', action: 'warn', giveTo: 'pages', reason: 'Stray field' })).status).toBe(400);
  });
});

describe('a suspended owner', () => {
  it('has their firm off its page, the firm list and search while the suspension lasts; it comes back after, caches emptied', async () => {
    await employ('f1', 'boss');
    const listed = async () => JSON.stringify((await people.call(null, 'GET', '/api/public/firms')).body).includes('"f1"');
    const found = async () => JSON.stringify((await people.call(null, 'GET', '/api/public/search?q=Lumiere')).body).includes('"f1"');
    expect([await listed(), await found()]).toEqual([true, true]);

    expect((await act({ targetType: 'user', targetId: 'boss', action: 'suspend', days: 2, reason: 'Fake reviews bought' })).status).toBe(
      200,
    );
    expect((await firmPage('CafeLumiere')).status).toBe(404);
    expect([await listed(), await found()]).toEqual([false, false]);
    const firm = adminFirmProfileSchema.parse((await people.call('ada', 'GET', '/api/admin/firms/f1')).body);
    expect(firm.firm.statusCode).toBe(OWNER_SUSPENDED_STATUS);
    expect(firm.restorable).toBe(false); // the suspension is the owner's: restored from the owner
    expect(firm.owners.find((owner) => owner.id === 'boss')?.suspendedUntil).not.toBeNull();

    offset = DAY_MS; // not yet: the page (now in the public cache) stays away
    await jobsOf(people.ctx.deps).runDue();
    expect((await firmPage('CafeLumiere')).status).toBe(404);
    offset = 3 * DAY_MS;
    expect(await jobsOf(people.ctx.deps).runDue()).toBe(1);
    // at once, though the 404 above is cached: the job empties the caches of every process, as a write does
    expect((await firmPage('CafeLumiere')).status).toBe(200);
    expect([await listed(), await found()]).toEqual([true, true]);
    offset = 0;
  });

  it('closed for good: the firm stays hidden until an admin restores the account', async () => {
    expect((await act({ targetType: 'user', targetId: 'boss', action: 'terminate', reason: 'Fraud' })).status).toBe(200);
    offset = 400 * DAY_MS;
    await jobsOf(people.ctx.deps).runDue();
    expect((await firmPage('CafeLumiere')).status).toBe(404);
    offset = 0;
    expect((await act({ targetType: 'user', targetId: 'boss', action: 'restore', reason: 'Cleared by the bank' })).status).toBe(200);
    expect((await firmPage('CafeLumiere')).status).toBe(200);
  });
});

describe('a hidden review', () => {
  it('does not count in its firm’s rating, and counts again once restored', async () => {
    await people.ctx.deps.db
      .insertInto('reviews')
      .values({
        id: 'rv-low',
        firm_id: 'f1',
        author_id: 'cy',
        rating: 1,
        body: 'Bought by a rival',
        created_at: '2026-01-02T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
        reply: null,
        reply_at: null,
        reply_by: null,
      })
      .execute();
    await people.ctx.deps.db.updateTable('firms').set({ rating_count: 2, rating_sum: 6 }).where('id', '=', 'f1').execute();
    const rating = async () => {
      const { body } = await people.call(null, 'GET', '/api/user/reviews?firmId=f1');
      return [body.count, body.average];
    };
    expect(await rating()).toEqual([2, 3]);
    expect((await act({ targetType: 'review', targetId: 'rv-low', action: 'hide', reason: 'Paid review' })).status).toBe(200);
    expect(await rating()).toEqual([1, 5]);
    expect((await act({ targetType: 'review', targetId: 'rv-low', action: 'restore', reason: 'It was genuine' })).status).toBe(200);
    expect(await rating()).toEqual([2, 3]);
  });
});

describe('the admin’s view of a member', () => {
  it('lists the reports about them and whether restore applies', async () => {
    expect(
      (await people.call('cy', 'POST', '/api/user/reports', { targetType: 'user', targetId: 'rival', reason: 'harassment' })).status,
    ).toBe(201);
    const profile = adminUserProfileSchema.parse((await people.call('ada', 'GET', '/api/admin/users/rival')).body);
    expect(profile.reportsAbout.map((report) => report.reason)).toEqual(['harassment']);
    expect(profile).toMatchObject({ restorable: false, user: { suspendedUntil: null } });
  });
});
