import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { importCheckinKey, signTicketCode, type CheckinList, type CheckinScan, type SyncResponse } from '../../src/shared/checkin';
import type { CheckoutAnswer, Ticket, Wallet } from '../../src/shared/orders';
import type { Paged } from '../../src/shared/paging';
import type { AuthResponse } from '../../src/shared/user';
import { expect, test, uniqueTag, type OwnedFirm } from './support/fixtures';
import { openWorkspace } from './support/workspace';

/**
 * Check-in at the door, in real browsers: the firm's owner holds free tickets to a new event of
 * their own (a free order is paid at once) and checks them in from the event's check-in screen.
 * A fake camera shows a wallet's QR code; two browser contexts are two door devices that admit
 * the same ticket while offline; forged codes are refused with and without a connection.
 */

interface DoorEvent {
  id: string;
  shortId: string;
  categoryId: string;
}

const headers = () => ({ Origin: test.info().project.use.baseURL! });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A published event of the firm a week ahead with one free tier. */
async function freeEvent(request: APIRequestContext, firm: OwnedFirm): Promise<DoorEvent> {
  const draft = await ok<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/events/create?firmId=${firm.id}`, { headers: headers() }),
  );
  const start = new Date(Date.now() + 7 * 86_400_000);
  await ok(
    await request.put('/api/dashboard/events', {
      headers: headers(),
      data: {
        id: draft.id,
        name: `Door night ${uniqueTag()}`,
        description: 'A free night in the courtyard, with a door.',
        typeKey: 'concert',
        startDateTime: start.toISOString(),
        venue: '12 Rue des Artisans',
        capacity: 40,
        currency: 'EUR',
        ticketCategories: [{ name: 'Floor', price: 0, capacity: 40 }],
      },
    }),
  );
  await ok(await request.patch(`/api/dashboard/events/${draft.id}/status`, { headers: headers(), data: { statusCode: 1 } }));
  const published = await ok<{ ticketCategories: { id: string }[] }>(await request.get(`/api/public/events/sid/${draft.shortId}`));
  return { ...draft, categoryId: published.ticketCategories[0].id };
}

/** A free ticket for the signed-in member, as their wallet shows it. */
async function freeTicket(request: APIRequestContext, event: DoorEvent): Promise<Ticket> {
  const me = (await ok<AuthResponse>(await request.get('/api/iam/auth/check-session'))).user!;
  const answer = await ok<CheckoutAnswer>(
    await request.post('/api/user/orders/tickets', {
      headers: { ...headers(), 'Idempotency-Key': `door-${uniqueTag()}` },
      data: { eventId: event.id, categoryId: event.categoryId, holderIds: [me.id], addons: [], expectedTotal: 0, currency: 'EUR' },
    }),
  );
  const wallet = await ok<Wallet>(await request.get('/api/user/tickets'));
  const ticket = wallet.tickets.find((t) => t.orderReference === answer.order.reference);
  expect(ticket?.qrSvg, 'a free ticket is valid at once').toBeTruthy();
  return ticket!;
}

/**
 * The text the wallet's QR code carries, signed the way the server signs it (with the key the
 * door devices download), and checked to be exactly what the wallet's QR shows.
 */
async function doorCode(request: APIRequestContext, event: DoorEvent, ticket: Ticket): Promise<string> {
  const list = await ok<CheckinList>(await request.get(`/api/dashboard/checkin/events/${event.id}/list`));
  const code = await signTicketCode(await importCheckinKey(list.key), list.event.shortId, ticket.id);
  expect(await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })).toBe(ticket.qrSvg);
  return code;
}

/** The server's log of the event. */
async function serverLog(request: APIRequestContext, event: DoorEvent): Promise<CheckinScan[]> {
  return (await ok<Paged<CheckinScan>>(await request.get(`/api/dashboard/checkin/events/${event.id}/log?size=100`))).content;
}

/** A phone at the door: a context with the owner's session, on the event's check-in screen with the list downloaded. */
async function openDoor(context: BrowserContext, firm: OwnedFirm, event: DoorEvent): Promise<Page> {
  const page = await context.newPage();
  await openWorkspace(page, `/workspace/events/${event.shortId}/check-in`, firm.name, page.getByTestId('door-counts'));
  return page;
}

/** Types a code into the manual search, as staff do when the camera cannot read it. */
async function enterCode(page: Page, code: string) {
  const search = page.getByRole('searchbox', { name: 'Find a ticket' });
  await search.fill(code);
  await search.press('Enter');
}

const verdict = (page: Page) => page.getByTestId('verdict');

/**
 * A short Y4M video (Chromium's fake camera format) of a QR code: black modules on white, grey
 * chroma, small enough to sit inside the middle two thirds of the frame, the region the scanner reads.
 */
function qrVideo(text: string): Buffer {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(280 / (modules + 8));
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1)
        luma.fill(0, (top + row * scale + y) * width + left + col * scale, (top + row * scale + y) * width + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width * height) / 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

test('the camera reads a wallet QR code: the first scan admits, the next is refused as already used', async ({ context, firm }) => {
  test.setTimeout(90_000);
  const event = await freeEvent(context.request, firm);
  const ticket = await freeTicket(context.request, event);
  const code = await doorCode(context.request, event, ticket);

  const folder = await mkdtemp(path.join(os.tmpdir(), 'souk-door-'));
  const video = path.join(folder, 'wallet-qr.y4m');
  await writeFile(video, qrVideo(code));
  const { launchOptions = {}, baseURL } = test.info().project.use;
  const camera = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const phone = await camera.newContext({ baseURL, storageState: await context.storageState(), permissions: ['camera'] });
    const page = await openDoor(phone, firm, event);
    await expect(verdict(page)).toHaveAttribute('data-kind', 'admitted', { timeout: 20_000 });
    await expect(verdict(page)).toContainText(ticket.holder.name);
    // the holder is still in front of the camera: it reads the same code again a moment later
    await expect(verdict(page)).toHaveAttribute('data-kind', 'already_used', { timeout: 20_000 });
    await expect(verdict(page)).toContainText('Already let in at');
    const scans = (await serverLog(context.request, event)).filter((scan) => scan.ticketId === ticket.id);
    expect(scans.filter((scan) => scan.result === 'admitted')).toHaveLength(1);
    await phone.close();
  } finally {
    await camera.close();
    await rm(folder, { recursive: true, force: true });
  }
});

test('two devices offline admit the same ticket: the server keeps one admission, flags the later, both show it; a retried upload changes nothing', async ({
  browser,
  context,
  firm,
}) => {
  test.setTimeout(90_000);
  const event = await freeEvent(context.request, firm);
  const ticket = await freeTicket(context.request, event);
  const code = await doorCode(context.request, event, ticket);
  const state = await context.storageState();
  const phoneA = await browser.newContext({ storageState: state });
  const phoneB = await browser.newContext({ storageState: state });
  const doorA = await openDoor(phoneA, firm, event);
  const doorB = await openDoor(phoneB, firm, event);
  const uploadsB: string[] = [];
  doorB.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/scans')) uploadsB.push(request.postData() ?? '');
  });

  for (const [phone, door] of [
    [phoneA, doorA],
    [phoneB, doorB],
  ] as const) {
    await phone.setOffline(true);
    await expect(door.getByTestId('door-status')).toContainText('Offline');
    await enterCode(door, code);
    await expect(verdict(door)).toHaveAttribute('data-kind', 'admitted');
    await expect(door.getByTestId('door-status')).toContainText('1 scan waiting to upload');
  }

  await phoneA.setOffline(false);
  await expect(doorA.getByTestId('door-status')).not.toContainText('waiting to upload', { timeout: 20_000 });
  await phoneB.setOffline(false);
  await expect(doorB.getByTestId('door-status')).not.toContainText('waiting to upload', { timeout: 20_000 });

  const scans = (await serverLog(context.request, event)).filter((scan) => scan.ticketId === ticket.id);
  expect(scans.map((scan) => scan.result).sort()).toEqual(['admitted', 'conflict']);
  const flagged = scans.find((scan) => scan.result === 'conflict')!;
  // B scanned second: its admission is the one flagged
  expect(scans.find((scan) => scan.result === 'admitted')!.scannedAt < flagged.scannedAt).toBe(true);
  // B learns it from its own upload, A from the live stream
  for (const door of [doorB, doorA]) {
    await expect(door.getByTestId('door-conflicts')).toContainText('1 ticket was let in twice', { timeout: 20_000 });
    await expect(door.getByTestId('door-log')).toContainText('Second admission (conflict)');
  }

  const batch = uploadsB.map((body) => JSON.parse(body) as { scans: unknown[] }).find((body) => body.scans.length > 0);
  expect(batch, "B's upload of its offline scan").toBeTruthy();
  const retried = await ok<SyncResponse>(
    await context.request.post(`/api/dashboard/checkin/events/${event.id}/scans`, { headers: headers(), data: batch }),
  );
  expect(retried.results.map((result) => result.result)).toEqual(['conflict']);
  expect(await serverLog(context.request, event)).toHaveLength(scans.length);
  await phoneA.close();
  await phoneB.close();
});

test('a forged code (another ticket id under a signature, a wrong signature) is refused offline and online', async ({ context, firm }) => {
  test.setTimeout(90_000);
  const event = await freeEvent(context.request, firm);
  const ticket = await freeTicket(context.request, event);
  const other = await freeTicket(context.request, event);
  const code = await doorCode(context.request, event, ticket);
  const [prefix, shortId, , signature] = code.split('.');
  const tampered = `${prefix}.${shortId}.${other.id}.${signature}`;
  const wrongSignature = `${code.slice(0, -3)}${code.endsWith('AAA') ? 'BBB' : 'AAA'}`;
  const door = await openDoor(context, firm, event);

  await enterCode(door, tampered);
  await expect(verdict(door)).toHaveAttribute('data-kind', 'invalid');
  await context.setOffline(true);
  await expect(door.getByTestId('door-status')).toContainText('Offline');
  await enterCode(door, wrongSignature);
  await expect(verdict(door)).toHaveAttribute('data-kind', 'invalid');
  await expect(verdict(door)).toContainText('Not a valid ticket');
  await context.setOffline(false);
  await expect(door.getByTestId('door-status')).not.toContainText('waiting to upload', { timeout: 20_000 });

  // the server judged both itself: refused, and neither ticket is in
  const scans = await serverLog(context.request, event);
  expect(scans.map((scan) => [scan.result, scan.reason])).toEqual([
    ['refused', 'invalid'],
    ['refused', 'invalid'],
  ]);
  await expect(door.getByTestId('door-counts')).toContainText('0 / 2');
});

test('the attendee list shows who holds a ticket and who came in, and downloads as CSV', async ({ context, firm, member }) => {
  const event = await freeEvent(context.request, firm);
  const ticket = await freeTicket(context.request, event);
  await freeTicket(context.request, event);
  const admitted = await ok<SyncResponse>(
    await context.request.post(`/api/dashboard/checkin/events/${event.id}/scans`, {
      headers: headers(),
      data: {
        deviceId: `device-${uniqueTag()}`,
        deviceName: 'Door',
        since: 0,
        scans: [
          {
            nonce: `nonce-${uniqueTag()}`,
            code: await doorCode(context.request, event, ticket),
            scannedAt: new Date().toISOString(),
            offline: false,
            decision: 'admitted',
          },
        ],
      },
    }),
  );
  expect(admitted.results.map((result) => result.result)).toEqual(['admitted']);

  const page = await context.newPage();
  const attendeesLink = page.getByRole('link', { name: 'Attendees' });
  await openWorkspace(page, `/workspace/events/${event.shortId}`, firm.name, attendeesLink);
  await attendeesLink.click();
  await expect(page.getByRole('heading', { name: 'Attendees', level: 1 })).toBeVisible();
  await expect(page.getByTestId('attendee-count')).toHaveText('2 tickets, 1 checked in');
  const rows = page.getByRole('table', { name: 'Attendees' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const holder = `${member.firstName} ${member.lastName}`;
  await expect(rows.filter({ hasText: 'Not yet' })).toHaveCount(1);
  await expect(rows.nth(1)).toContainText(holder);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`souk-attendees-${event.shortId}.csv`);
  const csv = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Name,Tier,Order,Ticket,Checked in at');
  expect(csv).toHaveLength(3);
  expect(csv.filter((line) => line.startsWith(`${holder},Floor,`))).toHaveLength(2);
  await page.close();
});
