import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { performanceSchema, type Performance } from '../../../shared/performance';
import { percentChange } from './performance.service';

// f1 keeps its days in Paris (UTC+2 in summer); the test clock reads Wednesday 2026-06-10 12:00 UTC,
// so the current week began on Monday 8 June and the eight weeks shown on Monday 20 April.
const w = useWorkspace();
const db = () => w.ctx.deps.db;

const viewDay = (firm_id: string, day: string, kind: string, item_id: string, views: number, scans = 0) =>
  db().insertInto('page_view_days').values({ firm_id, day, kind, item_id, views, scans }).execute();

async function follow(at: string, firmId = FIRM) {
  const { userId } = await w.newPerson();
  await db().insertInto('follows').values({ user_id: userId, firm_id: firmId, created_at: at }).execute();
}

async function save(entityId: string, type: number, at: string) {
  const { userId } = await w.newPerson();
  await db()
    .insertInto('saved_items')
    .values({ id: `save-${userId}`, user_id: userId, entity_id: entityId, entity_type_code: type, created_at: at })
    .execute();
}

async function performance(actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner', firmId = FIRM) {
  const response = await w.as(actor, `/api/dashboard/performance?firmId=${firmId}`);
  return { status: response.status, body: (await response.json()) as Performance & { code?: string; requiredPlan?: string } };
}

describe('the performance figures', () => {
  it('adds up each week of the firm’s calendar and compares it with the week before, and the eight weeks with the eight before', async () => {
    // views: this week (the firm page, five of them from the code, and an event), last week, and in the period before
    await viewDay(FIRM, '2026-06-08', 'firm', FIRM, 5, 2);
    await viewDay(FIRM, '2026-06-10', 'event', 'e1', 4);
    await viewDay(FIRM, '2026-06-01', 'firm', FIRM, 2);
    await viewDay(FIRM, '2026-05-20', 'dish', 'i1', 1);
    await viewDay(FIRM, '2026-03-02', 'firm', FIRM, 3);
    // another firm's views and a day not yet come are not this firm's weeks
    await viewDay(OTHER_FIRM, '2026-06-09', 'firm', OTHER_FIRM, 50);
    await viewDay(FIRM, '2026-06-11', 'firm', FIRM, 70);
    // 00:30 on Monday 8 June in Paris is this week; 23:30 on Sunday 7 June the week before
    await follow('2026-06-07T22:30:00.000Z');
    await follow('2026-06-07T21:30:00.000Z');
    await follow('2026-06-09T10:00:00.000Z', OTHER_FIRM);
    // saves of the firm and of its event count; a save of another firm's event does not
    await save(FIRM, ENTITY_TYPE.FIRM, '2026-06-09T10:00:00.000Z');
    await save('e1', ENTITY_TYPE.EVENT, '2026-06-09T11:00:00.000Z');
    await save('e2', ENTITY_TYPE.EVENT, '2026-06-09T12:00:00.000Z');
    // two orders paid this week are the purchases; one of the other firm is not
    for (const at of ['2026-06-08T09:00:00.000Z', '2026-06-09T09:00:00.000Z']) {
      await insertShopOrder(db(), FIRM, (await w.newPerson()).userId, { created_at: at, total_minor: 1000 });
    }
    await insertShopOrder(db(), OTHER_FIRM, (await w.newPerson()).userId, { created_at: '2026-06-09T09:00:00.000Z', total_minor: 1000 });

    const { status, body } = await performance();
    expect(status).toBe(200);
    expect(performanceSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ timezone: 'Europe/Paris', from: '2026-04-20', to: '2026-06-10' });
    expect(body.weeks.map((week) => week.start)).toEqual([
      '2026-04-20',
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
      '2026-06-01',
      '2026-06-08',
    ]);
    const [lastWeek, thisWeek] = body.weeks.slice(-2);
    expect(thisWeek.figures).toEqual({ views: 9, scans: 2, follows: 1, saves: 2, purchases: 2, conversion: 2 / 9 });
    expect(lastWeek.figures).toEqual({ views: 2, scans: 0, follows: 1, saves: 0, purchases: 0, conversion: 0 });
    expect(thisWeek.change).toEqual({ views: 350, scans: null, follows: 0, saves: null, purchases: null, conversion: null });
    expect(body.weeks[4].figures.views).toBe(1);
    expect(body.weeks[5].change.views).toBe(-100);

    expect(body.totals.current).toEqual({ views: 12, scans: 2, follows: 2, saves: 2, purchases: 2, conversion: 2 / 12 });
    expect(body.totals.previous).toEqual({ views: 3, scans: 0, follows: 0, saves: 0, purchases: 0, conversion: 0 });
    expect(body.totals.change.views).toBe(300);
    expect(body.topItems).toEqual([
      { kind: 'event', id: 'e1', name: 'Event e1', views: 4 },
      { kind: 'dish', id: 'i1', name: 'Croissant', views: 1 },
    ]);
  });

  it('rounds a change to whole percent and has none without a figure before', () => {
    expect(percentChange(3, 2)).toBe(50);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 0.5)).toBeNull();
  });

  it('is for owners and managers of a firm whose plan has it', async () => {
    expect((await performance('manager')).status).toBe(200);
    expect((await performance('staff')).status).toBe(403);
    const free = await performance('otherOwner', OTHER_FIRM);
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'plan_limit', requiredPlan: 'premium' });
  });
});
