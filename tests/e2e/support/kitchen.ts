import type { Browser } from '@playwright/test';
import { createFirm, expect, memberContext, test } from './fixtures';
import { upgradeToGrowth } from './payments';

/** A tablet, where the kitchen's board runs. */
const TABLET = { width: 1024, height: 768 };

/**
 * A new café whose owner is signed in on a tablet: on the plan with the kitchen screen, with its
 * guests' ordering of the menu open.
 */
export async function cafeTakingOrders(browser: Browser, name: string) {
  const owner = await memberContext(browser, 'Layal', { viewport: TABLET });
  const firm = await createFirm(owner.context.request, name);
  await upgradeToGrowth(owner.page, firm.id);
  const opened = await owner.context.request.put(`/api/dashboard/kitchen/ordering?firmId=${firm.id}`, {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { takesOrders: true },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  return { owner, firm };
}
