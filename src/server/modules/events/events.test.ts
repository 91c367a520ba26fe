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

  it('answers an unknown short id with a 404 problem', async () => {
    const { status, type, body } = await market.json('/api/public/events/sid/nothere1');
    expect(status).toBe(404);
    expect(type).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 404, title: 'Not Found', code: 'not_found', detail: 'Event not found.' });
  });
});
