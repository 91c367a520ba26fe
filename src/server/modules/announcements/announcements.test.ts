import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const w = useWorkspace();
const db = () => w.ctx.deps.db;
type Actor = 'owner' | 'manager' | 'staff' | 'otherOwner';

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const announce = (actor: Actor, text: string, firmId = FIRM) =>
  send(actor, 'POST', `/api/dashboard/announcements?firmId=${firmId}`, { text });

async function followers(firmId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const person = await w.newPerson();
    await db().insertInto('follows').values({ user_id: person.userId, firm_id: firmId, created_at: '2026-05-01T00:00:00.000Z' }).execute();
    ids.push(person.userId);
  }
  return ids;
}

const announcementsOf = (userId: string) =>
  db().selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', 'firm.announcement').execute();

describe("a firm's announcements", () => {
  it('reach every follower as a firm.announcement notification, and are listed with how many they reached', async () => {
    const fans = await followers(FIRM, 3);
    const sent = await announce('manager', '  Closed on Friday for the Eid holiday; back on Saturday at 8.  ');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ text: 'Closed on Friday for the Eid holiday; back on Saturday at 8.', reached: 3 });
    await w.ctx.deps.background.settled();
    for (const fan of fans) {
      const notes = await announcementsOf(fan);
      expect(notes).toHaveLength(1);
      expect(JSON.stringify(notes[0])).toContain('Closed on Friday for the Eid holiday');
    }
    // the bell reads it in the follower's language, leading to the firm's page
    const list = await send('owner', 'GET', `/api/dashboard/announcements?firmId=${FIRM}`);
    expect(list.body.content[0]).toMatchObject({ id: sent.body.id, reached: 3, authorName: 'Manager Tester' });
  });

  it('refuses an empty or too long text, staff, and a plan without announcements (naming the plan)', async () => {
    expect((await announce('owner', '   ')).status).toBe(400);
    expect((await announce('owner', 'x'.repeat(501))).status).toBe(400);
    expect((await announce('owner', 'x'.repeat(500))).status).toBe(201);
    expect((await announce('staff', 'Staff news')).status).toBe(403);
    const free = await announce('otherOwner', 'Open late tonight', OTHER_FIRM);
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'plan_limit', featureKey: 'ANNOUNCEMENTS' });
    expect(free.body.plan).toBeTruthy();
    expect(free.body.requiredPlan).toBeTruthy();
    expect(free.body.detail).toMatch(/plan/);
  });

  it('sends at most five in 24 hours per firm, however many are sent at once', async () => {
    const before = Number(
      (
        await db()
          .selectFrom('announcements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', FIRM)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => announce(i % 2 ? 'owner' : 'manager', `News ${i}`)));
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(5 - before);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(6 - created);
    expect(refused[0].body.code).toBe('announcement_limit');
    await w.ctx.deps.background.settled();
  });
});
