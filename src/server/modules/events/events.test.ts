import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('events', () => {
  it('lists upcoming listed events soonest first, filtered by the body', async () => {
    const all = await market.post('/api/public/events?page=0&size=10', {});
    expect(all.body.content.map((e: { shortId: string }) => e.shortId)).toEqual(['evte1xx', 'evte2xx']);
    expect(all.body.content[0]).toMatchObject({ priceFrom: 1500, firmUsername: 'CafeLumiere', type: { key: 'concert' } });
    const byType = await market.post('/api/public/events', { type: 'workshop' });
    expect(byType.body.content.map((e: { name: string }) => e.name)).toEqual(['Pottery workshop']);
    const byFirm = await market.post('/api/public/events', { firmUsername: 'nightowl' });
    expect(byFirm.body.totalElements).toBe(1);
    const past = await market.post('/api/public/events', { from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' });
    expect(past.body.content.map((e: { name: string }) => e.name)).toEqual(['Past concert']);
    expect((await market.post('/api/public/events', { name: 'pottery' })).body.totalElements).toBe(1);
    expect((await market.post('/api/public/events', { from: 'yesterday' })).status).toBe(400);
  });

  it('shows an event with its ticket categories and add-ons, unlisted ones by link too', async () => {
    const { status, body } = await market.json('/api/public/events/sid/evte1xx');
    expect(status).toBe(200);
    expect(body.ticketCategories.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Standard', 1500],
      ['VIP', 4500],
    ]);
    expect(body.addons).toEqual([{ addonId: 'a1', name: 'Poster', price: 500 }]);
    expect(body).toMatchObject({ capacity: 100, available: 90, description: 'x'.repeat(400) });
    expect((await market.json('/api/public/events/sid/evte4xx')).status).toBe(200);
  });

  it('says the places its tiers sell, within its capacity, when they are fewer (hidden tiers count: they take seats)', async () => {
    const db = market.ctx.deps.db;
    const base = await db.selectFrom('events').selectAll().where('id', '=', 'e1').executeTakeFirstOrThrow();
    await db
      .insertInto('events')
      .values({ ...base, id: 'e50', short_id: 'evte50xx', capacity: 50, sold: 12 })
      .execute();
    await db
      .insertInto('ticket_categories')
      .values([
        { id: 't50a', event_id: 'e50', name: 'Standard', price_minor: 1500, capacity: 30, sold: 10, sort: 1, hidden: 0 },
        { id: 't50b', event_id: 'e50', name: 'Guests', price_minor: 0, capacity: 10, sold: 2, sort: 2, hidden: 1 },
      ])
      .execute();
    const { body } = await market.json('/api/public/events/sid/evte50xx');
    expect(body).toMatchObject({ capacity: 40, available: 28 });
    expect(body.ticketCategories.map((t: { name: string }) => t.name)).toEqual(['Standard']);
  });

  it('gives the venue (the firm’s address) and the zone its times are read in', async () => {
    const { body } = await market.json('/api/public/events/sid/evte1xx');
    expect(body).toMatchObject({
      timezone: 'Europe/Paris',
      venue: { addressLine: '1 Rue de la Paix', city: 'Paris', country: 'France', latitude: 48.8686, longitude: 2.3309 },
    });
  });

  it('adds an event to a calendar: an iCalendar file in UTC at its venue', async () => {
    const { body: event } = await market.json('/api/public/events/sid/evte1xx');
    const response = await market.ctx.request('/api/public/events/sid/evte1xx/calendar.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('souk-evte1xx.ics');
    const ics = await response.text();
    const stamp = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toContain(`DTSTART:${stamp(event.startDateTime)}\r\n`);
    expect(ics).toContain(`SUMMARY:${event.name}`);
    expect(ics).toContain('LOCATION:Café Lumière\\, 1 Rue de la Paix\\, Paris\\, France');
    expect(ics).toContain('URL:http://localhost/event/evte1xx');
    // lines fold at 75 octets
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect((await market.ctx.request('/api/public/events/sid/nothere1/calendar.ics')).status).toBe(404);
  });

  it('answers an unknown short id with a 404 problem', async () => {
    const { status, type, body } = await market.json('/api/public/events/sid/nothere1');
    expect(status).toBe(404);
    expect(type).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 404, title: 'Not Found', code: 'not_found', detail: 'Event not found.' });
  });
});
