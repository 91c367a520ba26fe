import { expect, test, type Page } from '@playwright/test';

const UNDO: Record<string, string> = { requested: 'cancel', incoming: 'decline', friends: 'remove', blocking: 'unblock' };

/**
 * A retry runs on the same database: brings the relation of the page's signed-in user with `flip` back to none, as far
 * as this side can (a request sent is withdrawn, one received declined, a friend removed, a block lifted), so the test
 * starts where it should. Call it from both sides when both may have acted.
 */
export async function undoRelation(page: Page, flip: string): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  // at most two moves: a block both ways is lifted to "blocked by them", which this side sees as none
  for (let move = 0; move < 3; move++) {
    const response = await page.request.get(`/api/user/profile/profile-by-flip?flip=${flip}`);
    expect(response.ok()).toBe(true);
    const profile = (await response.json()) as { id: string; friendship: string };
    const action = UNDO[profile.friendship];
    if (!action) return;
    const update = await page.request.post(`/api/user/people/friends/update?targetUserId=${profile.id}&action=${action}`, {
      headers: { Origin: origin },
    });
    expect(update.ok(), `${action} ${flip}`).toBe(true);
  }
  throw new Error(`the relation with ${flip} did not come back to none`);
}

/** Marks every notification of the page's signed-in user read, so a test that counts the bell starts at 0. */
export async function readAllNotifications(page: Page): Promise<void> {
  const response = await page.request.post('/api/user/notifications/read', {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { all: true },
  });
  expect(response.ok()).toBe(true);
}
