import type { APIRequestContext, Browser } from '@playwright/test';
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

/**
 * Sets the firm's week to one morning, 08:00–10:00 two days from today on its own clock: closed now
 * whatever the hour the spec runs at, in the firm's zone and not the machine's. The English name of
 * that day comes back, as the menu says when ordering opens.
 */
export async function closeUntilDayAfterTomorrow(request: APIRequestContext, firmId: string): Promise<string> {
  const headers = { Origin: test.info().project.use.baseURL! };
  const { firm } = (await (await request.get(`/api/dashboard/firms/dash-firm?firmId=${firmId}`)).json()) as {
    firm: Record<string, unknown> & { timezone: string };
  };
  const timezone = firm.timezone;
  const weekday = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'long' }).format(at);
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const day = (names.indexOf(weekday(new Date())) + 2) % 7;
  const saved = await request.put(`/api/dashboard/firms/profile?firmId=${firmId}`, {
    headers,
    // the profile as it is, but for its hours
    data: { ...firm, openingHours: [{ day, open: '08:00', close: '10:00' }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return names[day];
}
