import { describe, expect, it } from 'vitest';
import { login } from '../../testing/marketplace-fixtures';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const w = useWorkspace();

/** A new person, signed in: their id and a request helper with their cookies. */
async function member() {
  const person = await w.newPerson();
  const cookie = await login(w.ctx, person.email);
  return { ...person, send: (path: string, init: RequestInit = {}) => w.market.as(cookie, path, init) };
}

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
const followersOf = async (path: string) =>
  ((await (await w.as('manager', `/api/dashboard/followers${path}`)).json()) as { content: { id: string }[] }).content.map((p) => p.id);
const setApproval = (on: boolean) =>
  w.ctx.deps.db
    .updateTable('firms')
    .set({ approve_followers: on ? 1 : 0 })
    .where('id', '=', FIRM)
    .execute();

describe("a firm's followers", () => {
  it('lists the latest first with name, flip and since, searches, pages, and shows no email', async () => {
    const db = w.ctx.deps.db;
    const people = [];
    for (let i = 0; i < 3; i++) {
      const person = await w.newPerson();
      await db
        .insertInto('follows')
        .values({ user_id: person.userId, firm_id: FIRM, created_at: `2026-05-0${i + 1}T10:00:00.000Z` })
        .execute();
      people.push(person);
    }
    const elsewhere = await w.newPerson();
    await db
      .insertInto('follows')
      .values({ user_id: elsewhere.userId, firm_id: OTHER_FIRM, created_at: '2026-05-09T10:00:00.000Z' })
      .execute();

    const response = await w.as('manager', `/api/dashboard/followers?firmId=${FIRM}&size=2`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('@');
    const page = JSON.parse(text) as { content: { id: string; flip: string; since: string; name: string }[]; totalElements: number };
    expect(page.totalElements).toBe(3);
    expect(page.content.map((f) => f.flip)).toEqual([people[2].flip, people[1].flip]);
    expect(page.content[0]).toMatchObject({
      id: people[2].userId,
      since: '2026-05-03T10:00:00.000Z',
      name: expect.stringMatching(/^New Person \d+$/),
    });

    const wanted = people[0].flip.slice(-6).toUpperCase();
    const found = (await (await w.as('owner', `/api/dashboard/followers?firmId=${FIRM}&q=${wanted}`)).json()) as {
      content: { flip: string }[];
    };
    expect(found.content.map((f) => f.flip)).toEqual([people[0].flip]);
    expect((await w.as('staff', `/api/dashboard/followers?firmId=${FIRM}`)).status).toBe(403);
    expect((await w.as('otherOwner', `/api/dashboard/followers?firmId=${FIRM}`)).status).toBe(403);
  });

  it('pages by cursor: every follower once, the latest first, while people follow meanwhile; a cursor it did not give is 400', async () => {
    const db = w.ctx.deps.db;
    const follow = async (at: string) => {
      const person = await w.newPerson();
      await db.insertInto('follows').values({ user_id: person.userId, firm_id: FIRM, created_at: at }).execute();
    };
    // several at the same moment (the id orders them)
    for (let i = 0; i < 5; i++) await follow('2026-05-20T10:00:00.000Z');
    const before = await db.selectFrom('follows').select('user_id').where('firm_id', '=', FIRM).execute();

    const walked: { id: string; since: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await w.as('manager', `/api/dashboard/followers?firmId=${FIRM}&size=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = (await response.json()) as {
        content: { id: string; since: string }[];
        nextCursor: string | null;
        totalElements: number;
      };
      walked.push(...page.content);
      cursor = page.nextCursor;
      pages += 1;
      await follow(new Date(Date.UTC(2026, 6, 1) + pages * 1000).toISOString());
      await follow('2026-05-20T10:00:00.000Z');
    } while (cursor);

    const ids = walked.map((person) => person.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { user_id } of before) expect(ids).toContain(user_id);
    const keys = walked.map((person) => `${person.since} ${person.id}`);
    expect(keys).toEqual([...keys].sort().reverse());

    const reshaped = Buffer.from(JSON.stringify([1, 2])).toString('base64url');
    const refused = await w.as('manager', `/api/dashboard/followers?firmId=${FIRM}&cursor=${reshaped}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('a firm that approves its followers', () => {
  it('turns a follow into a request the person can withdraw; a firm that does not follows at once', async () => {
    await setApproval(true);
    const amina = await member();
    const asked = await (await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' })).json();
    expect(asked).toMatchObject({ following: false, requested: true, approvesFollowers: true });
    expect(await followersOf(`/requests?firmId=${FIRM}`)).toContain(amina.userId);
    expect(await followersOf(`?firmId=${FIRM}`)).not.toContain(amina.userId);

    const withdrawn = await (await amina.send(`/api/user/follows/${FIRM}`, { method: 'DELETE' })).json();
    expect(withdrawn).toMatchObject({ following: false, requested: false });
    expect(await followersOf(`/requests?firmId=${FIRM}`)).not.toContain(amina.userId);

    await setApproval(false);
    const open = await (await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' })).json();
    expect(open).toMatchObject({ following: true, requested: false, approvesFollowers: false });
    expect(await followersOf(`?firmId=${FIRM}`)).toContain(amina.userId);
  });

  it('is switched on and off in the firm settings by an owner', async () => {
    const settings = { language: 'en', currency: 'EUR', published: true };
    const on = await w.as('owner', `/api/dashboard/firms/settings?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ ...settings, approveFollowers: true }),
    });
    expect(await on.json()).toMatchObject({ approveFollowers: true });
    // a client that does not send it leaves it as it is
    const kept = await w.as('owner', `/api/dashboard/firms/settings?firmId=${FIRM}`, { method: 'PUT', body: JSON.stringify(settings) });
    expect(await kept.json()).toMatchObject({ approveFollowers: true });
    expect((await (await w.as('stranger', `/api/user/follows/${FIRM}`)).json()).approvesFollowers).toBe(true);
    await setApproval(false);
  });

  it('is switched by a manager where the requests are answered, not by the staff', async () => {
    const put = (actor: 'manager' | 'staff', on: boolean) =>
      w.as(actor, `/api/dashboard/followers/approval?firmId=${FIRM}`, { method: 'PUT', body: JSON.stringify({ approveFollowers: on }) });
    expect(await (await put('manager', true)).json()).toEqual({ approveFollowers: true });
    expect((await (await w.as('stranger', `/api/user/follows/${FIRM}`)).json()).approvesFollowers).toBe(true);
    expect((await put('staff', false)).status).toBe(403);
    expect(await (await put('manager', false)).json()).toEqual({ approveFollowers: false });
    expect((await (await w.as('stranger', `/api/user/follows/${FIRM}`)).json()).approvesFollowers).toBe(false);
  });

  it('approves one request: the person follows, is told in their inbox, and a second answer changes nothing', async () => {
    await setApproval(true);
    const amina = await member();
    await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    const approved = await w.as('manager', `/api/dashboard/followers/requests/approve?firmId=${FIRM}`, json({ userIds: [amina.userId] }));
    expect(await approved.json()).toEqual({ answered: 1 });
    expect(await (await amina.send(`/api/user/follows/${FIRM}`)).json()).toMatchObject({ following: true, requested: false });
    const inbox = (await (await amina.send('/api/user/notifications')).json()) as { content: { kind: string; link: string }[] };
    expect(inbox.content).toEqual([
      expect.objectContaining({
        kind: 'follow.approved',
        link: '/CafeLumiere',
        body: 'Café Lumière accepted you as a follower: you will hear of its news.',
      }),
    ]);

    const again = await w.as('owner', `/api/dashboard/followers/requests/approve?firmId=${FIRM}`, json({ userIds: [amina.userId] }));
    expect(await again.json()).toEqual({ answered: 0 });
    expect(
      (await w.as('staff', `/api/dashboard/followers/requests/approve?firmId=${FIRM}`, json({ userIds: [amina.userId] }))).status,
    ).toBe(403);
    await setApproval(false);
  });

  it('declines one request: the person does not follow, and may ask again', async () => {
    await setApproval(true);
    const amina = await member();
    await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    const declined = await w.as('owner', `/api/dashboard/followers/requests/decline?firmId=${FIRM}`, json({ userIds: [amina.userId] }));
    expect(await declined.json()).toEqual({ answered: 1 });
    expect(await (await amina.send(`/api/user/follows/${FIRM}`)).json()).toMatchObject({ following: false, requested: false });
    expect(await followersOf(`/requests?firmId=${FIRM}`)).not.toContain(amina.userId);
    const inbox = (await (await amina.send('/api/user/notifications')).json()) as { content: unknown[] };
    expect(inbox.content).toEqual([]);
    await setApproval(false);
  });

  it('answers several requests at once, only those of its own firm', async () => {
    await setApproval(true);
    const people = [await member(), await member(), await member()];
    for (const person of people) await person.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    // someone waiting for another firm is out of this firm's reach
    const elsewhere = await w.newPerson();
    await w.ctx.deps.db
      .insertInto('follow_requests')
      .values({ firm_id: OTHER_FIRM, user_id: elsewhere.userId, created_at: '2026-06-01T00:00:00.000Z' })
      .execute();

    const approved = await w.as(
      'manager',
      `/api/dashboard/followers/requests/approve?firmId=${FIRM}`,
      json({ userIds: [people[0].userId, people[1].userId, elsewhere.userId] }),
    );
    expect(await approved.json()).toEqual({ answered: 2 });
    const declined = await w.as(
      'manager',
      `/api/dashboard/followers/requests/decline?firmId=${FIRM}`,
      json({ userIds: [people[2].userId] }),
    );
    expect(await declined.json()).toEqual({ answered: 1 });

    const following = await followersOf(`?firmId=${FIRM}&size=50`);
    expect(following).toEqual(expect.arrayContaining([people[0].userId, people[1].userId]));
    expect(following).not.toContain(people[2].userId);
    expect(await followersOf(`/requests?firmId=${FIRM}`)).toEqual([]);
    const other = await w.ctx.deps.db.selectFrom('follow_requests').select('user_id').where('firm_id', '=', OTHER_FIRM).execute();
    expect(other).toEqual([{ user_id: elsewhere.userId }]);
    expect((await w.as('manager', `/api/dashboard/followers/requests/approve?firmId=${FIRM}`, json({ userIds: [] }))).status).toBe(400);
    await setApproval(false);
  });
});

describe('restricting people', () => {
  it('removes a follower, refuses their follow and their messages, and lifting lets them back', async () => {
    const amina = await member();
    await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    const conversation = (await (await amina.send('/api/user/conversations', json({ firmId: FIRM }))).json()) as { id: string };
    const write = () => amina.send(`/api/user/conversations/${conversation.id}/messages`, json({ body: 'Hello' }));

    const restricted = await w.as('manager', `/api/dashboard/followers/restricted/${amina.userId}?firmId=${FIRM}`, { method: 'PUT' });
    expect(restricted.status).toBe(204);
    expect(await followersOf(`?firmId=${FIRM}&size=50`)).not.toContain(amina.userId);
    expect(await followersOf(`/restricted?firmId=${FIRM}`)).toContain(amina.userId);

    const refused = await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'follow_restricted' });
    expect(await (await amina.send(`/api/user/follows/${FIRM}`)).json()).toMatchObject({ following: false, requested: false });
    expect(await (await write()).json()).toMatchObject({ status: 403, code: 'blocked' });
    // another firm is not concerned
    expect(await (await amina.send(`/api/user/follows/${OTHER_FIRM}`, { method: 'PUT' })).json()).toMatchObject({ following: true });

    const lifted = await w.as('owner', `/api/dashboard/followers/restricted/${amina.userId}?firmId=${FIRM}`, { method: 'DELETE' });
    expect(lifted.status).toBe(204);
    expect(await followersOf(`/restricted?firmId=${FIRM}`)).not.toContain(amina.userId);
    expect(await (await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' })).json()).toMatchObject({ following: true });
    expect((await write()).status).toBe(201);
  });

  it('also withdraws a waiting request, and refuses a new one', async () => {
    await setApproval(true);
    const amina = await member();
    await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' });
    await w.as('owner', `/api/dashboard/followers/restricted/${amina.userId}?firmId=${FIRM}`, { method: 'PUT' });
    expect(await followersOf(`/requests?firmId=${FIRM}`)).not.toContain(amina.userId);
    expect((await amina.send(`/api/user/follows/${FIRM}`, { method: 'PUT' })).status).toBe(403);
    expect(await followersOf(`/requests?firmId=${FIRM}`)).not.toContain(amina.userId);
    expect((await w.as('owner', `/api/dashboard/followers/restricted/nobody-at-all?firmId=${FIRM}`, { method: 'PUT' })).status).toBe(404);
    await setApproval(false);
  });
});
