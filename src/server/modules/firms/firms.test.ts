import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('firms', () => {
  it('pages with the paged shape and caps the size at the fetch limit', async () => {
    const { body } = await market.json('/api/public/firms?page=0&size=2');
    expect(body).toMatchObject({ first: true, last: false, page: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(body.content.map((f: { username: string }) => f.username)).toEqual(['CafeLumiere', 'nightowl']);
    const second = (await market.json('/api/public/firms?page=1&size=2')).body;
    expect(second).toMatchObject({ first: false, last: true, page: 1, totalElements: 3 });
    expect(second.content).toHaveLength(1);
    expect((await market.json('/api/public/firms?size=500')).body.size).toBe(50);
  });

  it('folds accents and case in the name filter, like search', async () => {
    const names = async (query: string) =>
      (await market.json(`/api/public/firms?${query}`)).body.content.map((f: { username: string }) => f.username);
    expect(await names('name=cafe%20lumiere')).toEqual(['CafeLumiere']);
    expect(await names('name=CAF%C3%89')).toEqual(['CafeLumiere']);
    // each word from its start, as search matches it: the word index answers, not a read of every name
    expect(await names('name=lumi%20caf')).toEqual(['CafeLumiere']);
    expect(await names('name=umiere')).toEqual([]);
  });

  it('filters by category, name (case-insensitive), minimum age and open now in the firm time zone', async () => {
    const names = async (query: string) =>
      (await market.json(`/api/public/firms?${query}`)).body.content.map((f: { username: string }) => f.username);
    expect(await names('categoryKey=cafe')).toEqual(['CafeLumiere']);
    expect(await names('industryKey=shoppingandretail')).toEqual(['pages']);
    expect(await names('name=OWL')).toEqual(['nightowl']);
    expect(await names('name=%25')).toEqual([]);
    expect(await names('age=16')).toEqual(['CafeLumiere', 'pages']);
    // 12:00 UTC is 14:00 in Paris: the café is open, the bar (20:00–02:00) and the bookshop (no hours) are not.
    expect(await names('openNow=true')).toEqual(['CafeLumiere']);
    const cafe = (await market.json('/api/public/firms?openNow=true')).body;
    expect(cafe).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ openNow: true })] });
  });

  it('answers a bad filter with a 400 problem naming the field', async () => {
    const { status, type, body } = await market.json('/api/public/firms?age=abc');
    expect(status).toBe(400);
    expect(type).toBe('application/problem+json');
    expect(body.errors).toHaveProperty('age');
  });

  it('finds a firm by username case-insensitively, never by a reserved word', async () => {
    const { status, body } = await market.json('/api/public/firms/u/cafelumiere');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: 'CafeLumiere',
      name: 'Café Lumière',
      openNow: true,
      hasMenu: true,
      upcomingEvents: 1,
      blogPosts: 2,
      followers: 0,
      imageWidth: 1200,
    });
    expect(body.openingHours).toHaveLength(7);
    expect((await market.json('/api/public/firms/u/CAFELUMIERE')).status).toBe(200);
    await market.ctx.deps.db.updateTable('firms').set({ username: 'explore' }).where('id', '=', 'f3').execute();
    const reserved = await market.json('/api/public/firms/u/explore');
    expect(reserved.status).toBe(404);
    expect(reserved.type).toBe('application/problem+json');
    await market.ctx.deps.db.updateTable('firms').set({ username: 'pages' }).where('id', '=', 'f3').execute();
    expect((await market.json('/api/public/firms/u/nobody-here')).status).toBe(404);
  });

  it('draws the firm page QR code as SVG and PNG', async () => {
    const svg = await market.ctx.request('/api/public/firms/u/cafelumiere/qr.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const png = await market.ctx.request('/api/public/firms/u/CafeLumiere/qr.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect((await market.ctx.request('/api/public/firms/u/ghost/qr.svg')).status).toBe(404);
  });
});
