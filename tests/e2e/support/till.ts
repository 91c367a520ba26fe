import type { BrowserContext, Page } from '@playwright/test';
import type { FirmOrderSummary } from '../../../src/shared/firm-orders';
import type { Paged } from '../../../src/shared/paging';
import type { TillCatalogue, TillSaleInput } from '../../../src/shared/till';
import { expect, type OwnedFirm } from './fixtures';
import { openWorkspace } from './workspace';

/** The till of the firm, in a new tab of `context`. */
export async function openTill(context: BrowserContext, firm: OwnedFirm): Promise<Page> {
  const page = await context.newPage();
  await openWorkspace(page, '/workspace/pos', firm.name, page.getByTestId('till-items'));
  return page;
}

/** The till's tile that adds the item called `name`. */
export const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Add ${name} `) });

/** The firm's till orders, as the server has them. */
export async function tillOrders(context: BrowserContext, firm: OwnedFirm) {
  const response = await context.request.get(`/api/dashboard/orders?firmId=${firm.id}&size=50`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Paged<FirmOrderSummary>).content.filter((order) => order.kind === 'till');
}

/** How many of the firm's product the server has left. */
export async function productLeft(context: BrowserContext, firm: OwnedFirm) {
  const catalogue = (await (await context.request.get(`/api/dashboard/till?firmId=${firm.id}`)).json()) as TillCatalogue;
  return catalogue.groups.flatMap((g) => g.items).find((item) => item.itemId === firm.product.id)!.left;
}

/** The sales waiting in the device's queue (IndexedDB), read in `page`. */
export function queuedSales(page: Page): Promise<TillSaleInput[]> {
  return page.evaluate(
    () =>
      new Promise<TillSaleInput[]>((resolve, reject) => {
        const open = indexedDB.open('souk-till');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('queue').objectStore('queue').getAll();
          read.onsuccess = () => resolve((read.result as { input: TillSaleInput }[]).map((sale) => sale.input));
        };
      }),
  );
}

/** `count` cash sales of the firm's product made at `till` while offline: each is kept on the device. */
export async function sellOffline(till: Page, firm: OwnedFirm, count: number): Promise<void> {
  for (let sale = 1; sale <= count; sale += 1) {
    await tile(till, firm.product.name).tap();
    await till.getByRole('button', { name: /^Charge\W+€12\.00/ }).tap();
    // a card needs the provider: offline the till takes cash only
    await expect(till.getByRole('radio', { name: 'Card', exact: true })).toBeDisabled();
    await expect(till.getByTestId('till-payment')).toContainText('Cards need the connection');
    await till.getByRole('button', { name: 'Complete the sale' }).tap();
    await expect(till.getByRole('heading', { name: 'Sale kept on this device' })).toBeVisible();
    await till.getByRole('button', { name: 'New sale' }).tap();
  }
}
