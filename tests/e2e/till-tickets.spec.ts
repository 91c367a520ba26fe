import QRCode from 'qrcode';
import { importCheckinKey, signTicketCode, type CheckinList, type SyncResponse } from '../../src/shared/checkin';
import type { FirmOrderSummary } from '../../src/shared/firm-orders';
import type { Paged } from '../../src/shared/paging';
import { addEvent, expect, test, uniqueTag } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { openWorkspace } from './support/workspace';

/**
 * A walk-in buys tonight's tickets at the till, on a tablet: the event's tier is a tile, two
 * tickets are sold for cash, the receipt prints with a QR code each, the door's list has them as
 * valid and a scan of a receipt's code admits its holder. Offline, the ticket tile cannot be tapped.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const headers = () => ({ Origin: test.info().project.use.baseURL! });

test("a walk-in buys two of tonight's tickets for cash and the receipt's codes are admitted at the door", async ({
  context,
  page,
  firm,
}) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  const name = `Jazz night ${uniqueTag()}`;
  const event = await addEvent(context.request, firm.id, name, { start: new Date(Date.now() + 3 * 3_600_000) });

  const till = await context.newPage();
  await openWorkspace(till, '/workspace/pos', firm.name, till.getByTestId('till-items'));
  const tile = till.getByRole('button', { name: new RegExp(`^Add ${name} — Standard `) });
  await expect(tile).toContainText('60 left');
  await tile.tap();
  await tile.tap();
  await expect(tile).toContainText('58 left');
  await till.getByRole('button', { name: /^Charge\W+€30\.00/ }).tap();
  await till.getByTestId('till-payment').getByLabel('Cash given').fill('50');
  await expect(till.getByTestId('till-change')).toContainText('€20.00');
  await till.getByRole('button', { name: 'Complete the sale' }).tap();

  const done = till.getByTestId('till-done');
  await expect(done.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(done.getByTestId('till-done-change')).toContainText('€20.00');
  const receipt = till.getByTestId('till-receipt');
  await expect(receipt.getByRole('heading', { name: 'Your 2 tickets: show them at the door' })).toBeVisible();
  const printed = receipt.getByTestId('till-receipt-ticket');
  await expect(printed).toHaveCount(2);
  await expect(printed.first()).toContainText(`${name} · Standard`);

  // the receipt prints alone, its codes with it
  await till.emulateMedia({ media: 'print' });
  await expect(printed.first().getByRole('img')).toBeVisible();
  expect((await till.pdf({ width: '80mm', height: '200mm' })).length).toBeGreaterThan(1000);
  await till.emulateMedia({ media: 'screen' });

  // the door's list has the two as valid, each receipt QR is its ticket's signed door code, and a scan admits
  const list = (await (await context.request.get(`/api/dashboard/checkin/events/${event.id}/list`)).json()) as CheckinList;
  const valid = list.tickets.filter((ticket) => ticket[3] === 0);
  expect(valid).toHaveLength(2);
  const key = await importCheckinKey(list.key);
  const sources = await printed.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  const codes = await Promise.all(valid.map((ticket) => signTicketCode(key, list.event.shortId, ticket[0])));
  for (const code of codes) {
    const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(sources).toContain(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  }
  const scan = await context.request.post(`/api/dashboard/checkin/events/${event.id}/scans`, {
    headers: headers(),
    data: {
      deviceId: 'device-till-door',
      deviceName: 'Door',
      since: 0,
      scans: [{ nonce: `till-${uniqueTag()}`, code: codes[0], scannedAt: new Date().toISOString(), offline: false, decision: 'admitted' }],
    },
  });
  expect(((await scan.json()) as SyncResponse).results.map((result) => result.result)).toEqual(['admitted']);

  const orders = (await (await context.request.get(`/api/dashboard/orders?firmId=${firm.id}&size=50`)).json()) as Paged<FirmOrderSummary>;
  expect(orders.content.filter((order) => order.kind === 'till').map((order) => [order.status, order.totalMinor])).toEqual([
    ['paid', 3000],
  ]);

  // offline a seat cannot be sold: the tile says so and cannot be tapped
  await till.getByRole('button', { name: 'New sale' }).tap();
  await context.setOffline(true);
  await expect(till.getByTestId('till-offline')).toBeVisible();
  await expect(tile).toBeDisabled();
  await expect(tile).toContainText('Online only');
  await context.setOffline(false);
});
