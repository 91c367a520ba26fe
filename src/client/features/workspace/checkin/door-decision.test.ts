import { describe, expect, it } from 'vitest';
import { importCheckinKey, LIST_STATUS, signTicketCode, type CheckinList } from '../../../../shared/checkin';
import { decideScan, indexTickets, localCounts, standingAdmissions } from './door-decision';

const KEY = 'q3Jk5c1vX0lKcE1jZ0V5b2RmT0pUc2Z6cU9sQ3N4dE0';

const list: CheckinList = {
  event: { id: 'e1', shortId: 'evt1', name: 'Gig', startDateTime: '2026-06-20T19:00:00.000Z' },
  key: KEY,
  generatedAt: '2026-06-20T18:00:00.000Z',
  cursor: 0,
  tiers: [
    { id: 't1', name: 'Standard' },
    { id: 't2', name: 'VIP' },
  ],
  tickets: [
    ['tk-a', 0, 'Amira Haddad', LIST_STATUS.valid],
    ['tk-b', 1, 'Bruno Costa', LIST_STATUS.valid],
    ['tk-void', 0, 'Chloé Petit', LIST_STATUS.void],
    ['tk-unpaid', 1, 'Dara Ng', LIST_STATUS.notYetValid],
  ],
  scans: [],
  counts: [],
};

async function decide(code: (key: CryptoKey) => Promise<string>, scans: Parameters<typeof standingAdmissions>[0] = []) {
  const key = await importCheckinKey(KEY);
  return decideScan(key, 'evt1', indexTickets(list), standingAdmissions(scans), await code(key));
}

describe('the door decision on the device', () => {
  it('admits a signed ticket of the list and names its holder and tier', async () => {
    expect(await decide((key) => signTicketCode(key, 'evt1', 'tk-b'))).toEqual({
      kind: 'admitted',
      ticket: { id: 'tk-b', tier: 'VIP', holder: 'Bruno Costa', status: 0 },
    });
  });

  it('refuses a ticket let in already, saying when and by which device (the earliest admission)', async () => {
    const scans = [
      { ticketId: 'tk-a', result: 'admitted' as const, deviceName: 'Door 2', scannedAt: '2026-06-20T21:09:00.000Z' },
      { ticketId: 'tk-a', result: 'admitted' as const, deviceName: 'Door 1', scannedAt: '2026-06-20T21:04:00.000Z' },
    ];
    const verdict = await decide((key) => signTicketCode(key, 'evt1', 'tk-a'), scans);
    expect(verdict).toMatchObject({ kind: 'already_used', first: { deviceName: 'Door 1', scannedAt: '2026-06-20T21:04:00.000Z' } });
  });

  it('refuses forged, altered, foreign, void and unpaid codes', async () => {
    const forged = await decide(async () => 'SK1.evt1.tk-a.AAAAAAAAAAAAAAAAAAAAAA');
    const altered = await decide(async (key) => (await signTicketCode(key, 'evt1', 'tk-a')).replace('tk-a', 'tk-b'));
    const foreign = await decide((key) => signTicketCode(key, 'evt2', 'tk-a'));
    const unknown = await decide((key) => signTicketCode(key, 'evt1', 'tk-not-in-list'));
    const refunded = await decide((key) => signTicketCode(key, 'evt1', 'tk-void'));
    const unpaid = await decide((key) => signTicketCode(key, 'evt1', 'tk-unpaid'));
    expect([forged, altered, foreign, unknown, refunded, unpaid].map((verdict) => verdict.kind)).toEqual([
      'invalid',
      'invalid',
      'wrong_event',
      'invalid',
      'void',
      'not_yet_valid',
    ]);
  });

  it('counts admitted / valid tickets per tier from what the device knows', () => {
    const standing = standingAdmissions([
      { ticketId: 'tk-a', result: 'admitted', deviceName: 'Door 1', scannedAt: '2026-06-20T21:04:00.000Z' },
    ]);
    expect(localCounts(list, standing)).toEqual([
      { id: 't1', name: 'Standard', admitted: 1, total: 1 },
      { id: 't2', name: 'VIP', admitted: 0, total: 1 },
    ]);
  });
});
