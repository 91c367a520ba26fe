import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';
import { foldForSearch } from '../../../shared/search-fold';
import { sql } from 'kysely';

const market = useMarketplace();

const titles = (group: { items: { title: string }[] }) => group.items.map((item) => item.title);

describe('search', () => {
  it('folds accents, case and Arabic vowel marks the same way in the database as in the app', async () => {
    const samples = ['Café Lumière', 'CRÈME BRÛLÉE', 'Ça va', 'Œuf', 'Straße', 'Łódź', 'قَهْوَة', 'أحمد', 'مكتبة', 'São Paulo'];
    for (const sample of samples) {
      const { rows } = await sql<{ folded: string }>`select souk_fold(${sample}) as folded`.execute(market.ctx.deps.db);
      expect(rows[0].folded, sample).toBe(foldForSearch(sample));
    }
    expect(foldForSearch('Café')).toBe('cafe');
    expect(foldForSearch('قَهْوَة')).toBe('قهوه');
  });

  it('finds "Café" for "cafe" and "CAFÉ", by name and by category, grouped by kind', async () => {
    for (const q of ['cafe', 'CAFÉ', 'Cafe']) {
      const { status, body } = await market.json(`/api/public/search?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      const firms = body.groups.find((g: { type: string }) => g.type === 'firms');
      expect(titles(firms), q).toContain('Café Lumière');
      expect(firms.items[0].path).toBe('/CafeLumiere');
    }
    const { body } = await market.json('/api/public/search?q=lumiere');
    expect(body.groups.map((g: { type: string }) => g.type)).toEqual(['firms', 'dishes', 'products', 'events', 'posts']);
  });

  it('finds dishes, products, events and posts, and pages one kind with an empty page past the end', async () => {
    const books = await market.json('/api/public/search/products?q=book&size=2');
    expect(books.body).toMatchObject({ totalElements: 5, totalPages: 3, page: 0, size: 2 });
    expect(books.body.content[0].path).toMatch(/^\/product\/prod000\d$/);
    const past = await market.json('/api/public/search/products?q=book&size=2&page=7');
    expect(past.body).toMatchObject({ content: [], totalPages: 3, page: 7, last: true });
    const concert = await market.json('/api/public/search?q=concert');
    const events = concert.body.groups.find((g: { type: string }) => g.type === 'events');
    expect(events.total).toBeGreaterThan(0);
    expect(events.items[0].path).toMatch(/^\/event\//);
    expect((await market.json('/api/public/search?q=')).status).toBe(400);
    expect((await market.json('/api/public/search/people?q=x')).status).toBe(400);
  });
});
