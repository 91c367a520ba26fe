import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { checkinListSchema, syncResponseSchema, type CheckinList, type ScanInput, type SyncResponse } from '../../../shared/checkin';
import { channels } from '../../lib/realtime';
import { doorCode, insertTickets } from '../../testing/checkin-fixtures';
import { FIXTURE_NOW, insertPerson } from '../../testing/marketplace-fixtures';
import QRCode from 'qrcode';
import { ticketQuery, toTicket } from '../orders/ticket-views';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;
const E1 = { id: 'e1', firmId: FIRM };
const holder = 'door-holder';
let nonces = 0;

beforeAll(async () => {
  await insertPerson(db(), holder, { first_name: 'Amira', last_name: 'Haddad' });
});

async function list(actor: Actor = 'staff', eventId = 'e1'): Promise<CheckinList> {
  const response = await workspace.as(actor, `/api/dashboard/checkin/events/${eventId}/list`);
  expect(response.status).toBe(200);
  return checkinListSchema.parse(await response.json());
}

function scan(code: string, extra: Partial<ScanInput> = {}): ScanInput {
  nonces += 1;
  return { nonce: `nonce-test-${nonces}`, code, scannedAt: FIXTURE_NOW.toISOString(), offline: false, decision: 'admitted', ...extra };
}

async function upload(device: string, scans: ScanInput[], since = 0, actor: Actor = 'staff', listedAt?: string): Promise<SyncResponse> {
  const response = await workspace.as(actor, '/api/dashboard/checkin/events/e1/scans', {
    method: 'POST',
    body: JSON.stringify({ deviceId: `device-${device}`, deviceName: device, since, listedAt, scans }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return syncResponseSchema.parse(await response.json());
}

async function newTicket(status = 'active', category = 't1') {
  const [id] = await insertTickets(db(), E1, category, holder, 1, status);
  return { id, code: await doorCode(db(), 'e1', id) };
}

const admittedRows = (ticketId: string) =>
  db().selectFrom('checkin_scans').select(['result', 'device_name']).where('ticket_id', '=', ticketId).orderBy('scanned_at').execute();

describe('the ticket list', () => {
  it("gives the team the event's tickets, compact, with the key that verifies their codes", async () => {
    const ticket = await newTicket();
    const void_ = await newTicket('void');
    const body = await list();
    expect(body.event).toMatchObject({ id: 'e1', shortId: 'evte1xx' });
    expect(body.tiers.map((tier) => tier.name)).toEqual(['Standard', 'VIP']);
    expect(body.tickets).toContainEqual([ticket.id, 0, 'Amira Haddad', 0]);
    expect(body.tickets).toContainEqual([void_.id, 0, 'Amira Haddad', 2]);
    expect(body.key).toMatch(/^[\w-]{43}$/);
    // the same key the wallet's codes are signed with
    const again = await list('manager');
    expect(again.key).toBe(body.key);
  });

  it('keeps 5,000 tickets under 300 KB compressed', async () => {
    await db()
      .insertInto('events')
      .values({
        id: 'e-big',
        short_id: 'evte-bigxx',
        firm_id: FIRM,
        name: 'Big night',
        description: 'x',
        image_path: null,
        start_date_time: '2026-06-20T19:00:00.000Z',
        end_date_time: null,
        type_key: 'concert',
        capacity: 5000,
        sold: 5000,
        currency: 'EUR',
        age_limit: 0,
        status_code: 1,
        visibility: 1,
        created_at: FIXTURE_NOW.toISOString(),
      })
      .execute();
    await db()
      .insertInto('ticket_categories')
      .values({
        id: 'big-floor',
        event_id: 'e-big',
        name: 'Floor',
        description: null,
        price_minor: 1000,
        capacity: 5000,
        sold: 5000,
        sort: 1,
      })
      .execute();
    await insertTickets(db(), { id: 'e-big', firmId: FIRM }, 'big-floor', holder, 5000);
    const response = await workspace.as('staff', '/api/dashboard/checkin/events/e-big/list');
    const text = await response.text();
    expect(JSON.parse(text).tickets).toHaveLength(5000);
    expect(gzipSync(text).length).toBeLessThan(300_000);
  });
});

describe('scanning', () => {
  it('admits a valid ticket once; the second scan is refused as already used, naming the first device', async () => {
    const ticket = await newTicket();
    const first = await upload('Door 1', [scan(ticket.code)]);
    expect(first.results[0]).toMatchObject({ result: 'admitted', ticketId: ticket.id, first: null });
    const second = await upload('Door 2', [scan(ticket.code, { scannedAt: '2026-06-10T12:05:00.000Z' })]);
    expect(second.results[0]).toMatchObject({
      result: 'refused',
      reason: 'already_used',
      first: { deviceName: 'Door 1', scannedAt: FIXTURE_NOW.toISOString() },
    });
    expect(await admittedRows(ticket.id)).toEqual([
      { result: 'admitted', device_name: 'Door 1' },
      { result: 'refused', device_name: 'Door 2' },
    ]);
  });

  it('refuses a forged code: a tampered ticket id, a wrong signature, another event, a made-up text', async () => {
    const ticket = await newTicket();
    const other = await newTicket();
    const [prefix, shortId, , signature] = ticket.code.split('.');
    const tampered = `${prefix}.${shortId}.${other.id}.${signature}`;
    const wrongSignature = `${ticket.code.slice(0, -2)}${ticket.code.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherEvent = ticket.code.replace('evte1xx', 'evte2xx');
    const { results } = await upload('Door 1', [scan(tampered), scan(wrongSignature), scan(otherEvent), scan('hello')]);
    expect(results.map((r) => [r.result, r.reason])).toEqual([
      ['refused', 'invalid'],
      ['refused', 'invalid'],
      ['refused', 'wrong_event'],
      ['refused', 'invalid'],
    ]);
    expect(await admittedRows(ticket.id)).toEqual([]);
  });

  it('refuses a void (refunded) or passed-on ticket and an unpaid one', async () => {
    const refunded = await newTicket('void');
    const passedOn = await newTicket('transferred');
    const unpaid = await newTicket('reserved');
    const { results } = await upload('Door 1', [scan(refunded.code), scan(passedOn.code), scan(unpaid.code)]);
    expect(results.map((r) => r.reason)).toEqual(['void', 'void', 'not_yet_valid']);
  });

  it('records a retried batch once and answers it as the first time', async () => {
    const a = await newTicket();
    const b = await newTicket();
    const batch = [scan(a.code, { offline: true }), scan(b.code, { offline: true })];
    const first = await upload('Door 1', batch);
    const before = await db()
      .selectFrom('checkin_scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const retried = await upload('Door 1', batch);
    const after = await db()
      .selectFrom('checkin_scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(retried.results).toEqual(first.results);
    expect(Number(after.n)).toBe(Number(before.n));
    expect(retried.counts).toEqual(first.counts);
  });

  it('keeps both offline admissions of one ticket by two devices racing, flagging the later one', async () => {
    const ticket = await newTicket();
    const early = scan(ticket.code, { offline: true, scannedAt: '2026-06-10T12:01:00.000Z' });
    const late = scan(ticket.code, { offline: true, scannedAt: '2026-06-10T12:02:00.000Z' });
    const [a, b] = await Promise.all([upload('Door A', [late]), upload('Door B', [early])]);
    const outcomes = [a.results[0].result, b.results[0].result];
    expect(outcomes).toContain('admitted');
    // whichever upload came second, the later scan is the one flagged, and the earlier one stands
    const rows = await admittedRows(ticket.id);
    expect(rows).toEqual([
      { result: 'admitted', device_name: 'Door B' },
      { result: 'conflict', device_name: 'Door A' },
    ]);
    // each device learns the final state at its next sync
    const sync = await upload('Door A', [], 0);
    const mine = sync.changes.filter((change) => change.ticketId === ticket.id);
    expect(mine.map((change) => [change.deviceName, change.result]).sort()).toEqual([
      ['Door A', 'conflict'],
      ['Door B', 'admitted'],
    ]);
  });

  it('flags the later admission when the earlier one is uploaded second', async () => {
    const ticket = await newTicket();
    await upload('Door A', [scan(ticket.code, { offline: true, scannedAt: '2026-06-10T12:09:00.000Z' })]);
    const late = await upload('Door B', [scan(ticket.code, { offline: true, scannedAt: '2026-06-10T12:03:00.000Z' })]);
    expect(late.results[0].result).toBe('admitted');
    expect(await admittedRows(ticket.id)).toEqual([
      { result: 'admitted', device_name: 'Door B' },
      { result: 'conflict', device_name: 'Door A' },
    ]);
  });

  it('keeps an offline refusal as it was at the door', async () => {
    const ticket = await newTicket();
    const { results } = await upload('Door 1', [scan(ticket.code, { offline: true, decision: 'already_used' })]);
    expect(results[0]).toMatchObject({ result: 'refused', reason: 'already_used' });
    expect((await upload('Door 1', [scan(ticket.code)])).results[0].result).toBe('admitted');
  });
});

describe("the holder's wallet", () => {
  it('shows a QR of the signed door code, which the door admits', async () => {
    const ticket = await newTicket();
    const row = await ticketQuery(db()).where('t.id', '=', ticket.id).executeTakeFirstOrThrow();
    const shown = await toTicket(db(), row, holder, FIXTURE_NOW);
    expect(shown.qrSvg).toBe(await QRCode.toString(ticket.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    const [answer] = (await upload('wallet-door', [scan(ticket.code)])).results;
    expect(answer.result).toBe('admitted');
  });
});

describe('syncing devices', () => {
  it("hands each device the others' admissions after its cursor, once", async () => {
    const { cursor } = await upload('Door B', []);
    const ticket = await newTicket();
    await upload('Door A', [scan(ticket.code)]);
    const delta = await upload('Door B', [], cursor);
    expect(delta.changes.map((change) => [change.ticketId, change.deviceName, change.result, change.staffName])).toEqual([
      [ticket.id, 'Door A', 'admitted', 'Staff Tester'],
    ]);
    expect(delta.cursor).toBeGreaterThan(cursor);
    expect((await upload('Door B', [], delta.cursor)).changes).toEqual([]);
  });

  it("brings the device's ticket list up to date: a ticket sold since, and one refunded since marked void", async () => {
    const untouched = await newTicket();
    const refunded = await newTicket();
    // sold the day before the device downloaded its list
    const yesterday = new Date(FIXTURE_NOW.getTime() - 86_400_000).toISOString();
    await db().updateTable('tickets').set({ updated_at: yesterday }).where('id', 'in', [untouched.id, refunded.id]).execute();
    const { listedAt, tickets } = await upload('Door L', []);
    expect(tickets).toEqual([]);
    const sold = await newTicket();
    // as a sale and a refund stamp them: written after the device's last sync
    const later = new Date(Date.parse(listedAt) + 1000).toISOString();
    await db().updateTable('tickets').set({ updated_at: later }).where('id', '=', sold.id).execute();
    await db().updateTable('tickets').set({ status: 'void', updated_at: later }).where('id', '=', refunded.id).execute();
    const delta = await upload('Door L', [], 0, 'staff', listedAt);
    expect(delta.tickets).toContainEqual([sold.id, 0, 'Amira Haddad', 0]);
    expect(delta.tickets).toContainEqual([refunded.id, 0, 'Amira Haddad', 2]);
    expect(delta.tickets.map(([id]) => id)).not.toContain(untouched.id);
    expect(delta.tiers.map((tier) => tier.name)).toEqual(['Standard', 'VIP']);
    expect(delta.listedAt >= listedAt).toBe(true);
    expect((await upload('Door L', [scan(refunded.code)])).results[0]).toMatchObject({ result: 'refused', reason: 'void' });
  });

  it('publishes live counts to the firm: admitted / total per tier', async () => {
    const seen: unknown[] = [];
    const stop = workspace.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => seen.push(event));
    const ticket = await newTicket('active', 't2');
    const before = (await upload('Door 1', [])).counts.find((tier) => tier.name === 'VIP')!;
    const after = await upload('Door 1', [scan(ticket.code)]);
    stop();
    expect(after.counts.find((tier) => tier.name === 'VIP')).toEqual({ ...before, admitted: before.admitted + 1 });
    expect(seen).toContainEqual({ type: 'checkin', data: { eventId: 'e1', cursor: after.cursor, counts: after.counts } });
  });
});

describe('the log and undo', () => {
  it('logs each scan with its time, device and team member, newest first', async () => {
    const ticket = await newTicket();
    await upload('Log door', [scan(ticket.code)], 0, 'manager');
    const response = await workspace.as('staff', '/api/dashboard/checkin/events/e1/log?size=1');
    const page = await response.json();
    expect(page.content[0]).toMatchObject({ ticketId: ticket.id, deviceName: 'Log door', staffName: 'Manager Tester', result: 'admitted' });
    expect(page.totalElements).toBeGreaterThan(1);
  });

  it("lets a manager undo a mistaken admission, after which the ticket is admitted again; staff can't", async () => {
    const ticket = await newTicket();
    const { changes } = await upload('Door 1', [scan(ticket.code)]);
    const admission = changes.find((change) => change.ticketId === ticket.id)!;
    expect((await workspace.as('staff', `/api/dashboard/checkin/scans/${admission.id}/undo`, { method: 'POST' })).status).toBe(403);
    const undone = await workspace.as('manager', `/api/dashboard/checkin/scans/${admission.id}/undo`, { method: 'POST' });
    expect(undone.status).toBe(200);
    expect((await undone.json()).result).toBe('undone');
    const again = await workspace.as('manager', `/api/dashboard/checkin/scans/${admission.id}/undo`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await upload('Door 1', [scan(ticket.code)])).results[0].result).toBe('admitted');
  });
});
