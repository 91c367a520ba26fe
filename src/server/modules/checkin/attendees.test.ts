import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { attendeeListSchema } from '../../../shared/checkin';
import { insertAdmission, insertTickets } from '../../testing/checkin-fixtures';
import { insertPerson } from '../../testing/marketplace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;
const E1 = { id: 'e1', firmId: FIRM };

beforeAll(async () => {
  await insertPerson(db(), 'guest-a', { first_name: 'Amira', last_name: 'Haddad' });
  await insertPerson(db(), 'guest-b', { first_name: '=HYPERLINK("http://evil")', last_name: 'Bot' });
});

describe('the attendee list', () => {
  it('lists the valid tickets by tier with their order and admission; a void ticket is not coming', async () => {
    const [kept] = await insertTickets(db(), E1, 't1', 'guest-a', 1, 'active');
    const [refunded] = await insertTickets(db(), E1, 't1', 'guest-a', 1, 'void');
    await insertTickets(db(), E1, 't2', 'guest-b', 1, 'active');
    await insertAdmission(db(), E1, 't1', 'guest-a');
    const response = await workspace.as('manager', '/api/dashboard/checkin/events/e1/attendees');
    expect(response.status).toBe(200);
    const { event, attendees } = attendeeListSchema.parse(await response.json());
    expect(event).toMatchObject({ id: 'e1', timezone: expect.any(String) });
    const ids = attendees.map((row) => row.ticketId);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(refunded);
    // by tier: every Standard ticket before the VIP ones
    const tiers = attendees.map((row) => row.tierName);
    expect(tiers.indexOf('VIP')).toBeGreaterThan(tiers.lastIndexOf('Standard'));
    const amira = attendees.filter((row) => row.holderName === 'Amira Haddad');
    expect(amira.some((row) => row.checkedInAt !== null)).toBe(true);
    expect(amira.every((row) => row.orderReference.length > 0)).toBe(true);
  });

  it('downloads as CSV in the reader’s language, a formula-shaped name kept as text', async () => {
    const response = await workspace.as('owner', '/api/dashboard/checkin/events/e1/attendees/csv', {
      headers: { 'Accept-Language': 'fr' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="souk-attendees-.+\.csv"/);
    const text = await response.text();
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('Nom,Catégorie,Commande,Billet,Entrée le');
    expect(lines.find((line) => line.includes('HYPERLINK'))).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\) Bot"/);
    expect(lines.some((line) => /^Amira Haddad,Standard,/.test(line))).toBe(true);
  });
});
