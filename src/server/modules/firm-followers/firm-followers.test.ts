import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const w = useWorkspace();

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
    const page = JSON.parse(text) as { content: { flip: string; since: string; name: string }[]; totalElements: number };
    expect(page.totalElements).toBe(3);
    expect(page.content.map((f) => f.flip)).toEqual([people[2].flip, people[1].flip]);
    expect(page.content[0]).toMatchObject({ since: '2026-05-03T10:00:00.000Z', name: expect.stringMatching(/^New Person \d+$/) });

    const wanted = people[0].flip.slice(-6).toUpperCase();
    const found = (await (await w.as('owner', `/api/dashboard/followers?firmId=${FIRM}&q=${wanted}`)).json()) as {
      content: { flip: string }[];
    };
    expect(found.content.map((f) => f.flip)).toEqual([people[0].flip]);
    expect((await w.as('staff', `/api/dashboard/followers?firmId=${FIRM}`)).status).toBe(403);
    expect((await w.as('otherOwner', `/api/dashboard/followers?firmId=${FIRM}`)).status).toBe(403);
  });
});
