import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, useMarketplace } from '../testing/marketplace-fixtures';
import { assertCanCreate, countUsage, PlanLimitError, subscriptionFeatures } from './plans';

const market = useMarketplace();
const db = () => market.ctx.deps.db;
let counter = 0;

const newMenu = (firmId: string) => {
  counter += 1;
  return {
    id: `menu-${counter}`,
    short_id: `mnu${counter}xxxxx`,
    firm_id: firmId,
    name: `Menu ${counter}`,
    description: null,
    sort: counter,
  };
};

/** Creates a menu the way a route must: the rule first, inside the inserting transaction. */
const createMenu = (firmId: string, options: { lock?: boolean; between?: () => Promise<void> } = {}) =>
  db()
    .transaction()
    .execute(async (trx) => {
      await assertCanCreate(trx, firmId, 'CREATE_MENU', FIXTURE_NOW, { lock: options.lock });
      await options.between?.();
      await trx.insertInto('menus').values(newMenu(firmId)).execute();
    });

/** Both attempts wait (at most 300 ms) for each other between the check and the insert. */
async function race(firmId: string, lock: boolean) {
  let checked = 0;
  const bothChecked = async () => {
    checked += 1;
    for (let waited = 0; checked < 2 && waited < 300; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return Promise.allSettled([createMenu(firmId, { lock, between: bothChecked }), createMenu(firmId, { lock, between: bothChecked })]);
}

const menusOf = async (firmId: string) => countUsage(db(), firmId, 'CREATE_MENU', FIXTURE_NOW);

describe('the creation rule on real rows', () => {
  it("counts the firm's rows and reports every feature of its plan", async () => {
    const info = await subscriptionFeatures(db(), 'f1', FIXTURE_NOW);
    expect(info.plan).toBe('free');
    expect(info.features.find((f) => f.featureKey === 'CREATE_MENU')).toEqual({
      featureKey: 'CREATE_MENU',
      enabled: true,
      limit: 1,
      currentUsage: 1,
    });
    expect(info.features.find((f) => f.featureKey === 'CREATE_MENU_ITEM')?.currentUsage).toBe(2);
    expect(info.features.find((f) => f.featureKey === 'POS')).toMatchObject({ enabled: false });
  });

  it('refuses the next creation at the limit with the plan named, and deleting frees usage', async () => {
    // f1 (free) already has its one menu
    const refused = await createMenu('f1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlanLimitError);
    expect((refused as PlanLimitError).status).toBe(403);
    expect((refused as PlanLimitError).extensions).toEqual({ plan: 'free', featureKey: 'CREATE_MENU', requiredPlan: 'growth' });
    expect((refused as PlanLimitError).detail).toMatch(/free plan.*growth plan/);
    expect(await menusOf('f1')).toBe(1);

    await db().deleteFrom('menu_items').where('menu_id', '=', 'm1').execute();
    await db().deleteFrom('menus').where('id', '=', 'm1').execute();
    expect(await menusOf('f1')).toBe(0);
    await createMenu('f1');
    expect(await menusOf('f1')).toBe(1);
  });

  it('lets a higher plan create more, and premium without limit', async () => {
    await db().updateTable('firms').set({ plan_key: 'growth' }).where('id', '=', 'f1').execute();
    await createMenu('f1');
    expect(await menusOf('f1')).toBe(2);
    await db().updateTable('firms').set({ plan_key: 'premium' }).where('id', '=', 'f1').execute();
    for (let i = 0; i < 3; i++) await createMenu('f1');
    expect(await menusOf('f1')).toBe(5);
    await db().updateTable('firms').set({ plan_key: 'free' }).where('id', '=', 'f1').execute();
    const refused = await createMenu('f1').catch((error: unknown) => error);
    expect((refused as PlanLimitError).extensions?.requiredPlan).toBe('growth');
  });

  it('never lets two concurrent creations at the limit both succeed', async () => {
    for (const firmId of ['f2', 'f3']) {
      expect(await menusOf(firmId)).toBe(0);
      const results = await race(firmId, true);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const failure = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(failure.reason).toBeInstanceOf(PlanLimitError);
      expect(await menusOf(firmId)).toBe(1);
    }
  });

  it('proves its harness: without the firm-row lock the race oversells where the database lets it', async () => {
    // remove the menus of f2 so it is one below the limit again
    await db().deleteFrom('menus').where('firm_id', '=', 'f2').execute();
    const results = await race('f2', false);
    const created = results.filter((result) => result.status === 'fulfilled').length;
    if (market.ctx.deps.dialect === 'postgres') {
      // READ COMMITTED: both count 0 before either inserts, so both pass the rule: the oversell
      // the lock exists to prevent, and that the test above would catch.
      expect(created).toBe(2);
      expect(await menusOf('f2')).toBe(2);
    } else {
      // SQLite: one connection per data folder runs one transaction at a time, so even without the
      // lock the second attempt counts the first one's row.
      expect(created).toBe(1);
      expect(await menusOf('f2')).toBe(1);
    }
  });
});
