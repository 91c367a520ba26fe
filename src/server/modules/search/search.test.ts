import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';
import { foldForSearch } from '../../../shared/search-fold';
import { CompiledQuery, sql } from 'kysely';
import { documentHits, searchTerms } from './search-documents';

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

  it('ranks the exact name first, matches the start of words, and never reads a term as query syntax', async () => {
    const { db } = market.ctx.deps;
    await db.updateTable('firms').set({ name: 'Café' }).where('id', '=', 'f2').execute();
    const firmsFor = async (q: string) => {
      const { status, body } = await market.json(`/api/public/search/firms?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      return body.content.map((hit: { title: string }) => hit.title);
    };
    expect((await firmsFor('cafe'))[0]).toBe('Café');
    expect(await firmsFor('lumi')).toEqual(['Café Lumière']);
    expect(await firmsFor('cafe lumi')).toEqual(['Café Lumière']);
    // a word is matched from its start only
    expect(await firmsFor('umiere')).toEqual([]);
    // PostgreSQL's parser reads "3e4…" alone as a number, and keeps it whole inside a hyphenated name
    await db.updateTable('firms').set({ name: 'firm-3e4cc9e8' }).where('id', '=', 'f2').execute();
    expect(await firmsFor('firm-3e4cc9e8')).toEqual(['firm-3e4cc9e8']);
    expect(await firmsFor('3e4cc9e8')).toEqual(['firm-3e4cc9e8']);
    await db.updateTable('firms').set({ name: '3e4cc9e8 Bakery' }).where('id', '=', 'f2').execute();
    expect(await firmsFor('3e4cc9e8 bak')).toEqual(['3e4cc9e8 Bakery']); // a new address: answers are cached
    for (const q of ['"', 'cafe OR book', 'caf*', "l'umière", 'a & !b | c:*', '(((', 'NEAR(cafe book)', '—']) {
      expect(Array.isArray(await firmsFor(q)), q).toBe(true);
    }
  });

  it('follows every write: a renamed product is found by its new name only, a deleted one no more', async () => {
    const { db } = market.ctx.deps;
    // each read asks a new address: the public API answers are cached
    let read = 0;
    const productsFor = async (q: string) =>
      (await market.json(`/api/public/search/products?q=${q}&size=${10 + read++}`)).body.totalElements;
    await db.updateTable('products').set({ name: 'Carnet Brodé' }).where('id', '=', 'p1').execute();
    expect(await productsFor('brode')).toBe(1);
    expect(await productsFor('book')).toBe(4);
    await db.updateTable('products').set({ description: 'Un carnet de voyage' }).where('id', '=', 'p2').execute();
    expect(await productsFor('voyage')).toBe(1);
    await db.deleteFrom('products').where('id', '=', 'p1').execute();
    expect(await productsFor('brode')).toBe(0);
    await db
      .insertInto('products')
      .values({
        id: 'p9',
        short_id: 'prod0009',
        firm_id: 'f3',
        name: 'قَهْوَة عربية',
        description: null,
        price_minor: 900,
        currency: 'EUR',
        image_path: null,
        stock: 3,
        sold: 0,
        created_at: '2026-02-09T00:00:00.000Z',
      })
      .execute();
    expect(await productsFor(encodeURIComponent('قهوة'))).toBe(1);
  });

  it('reads the word index, not every row, on both databases', async () => {
    const { db, dialect } = market.ctx.deps;
    const search = documentHits(db, dialect, 'products', searchTerms('book')).compile();
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // On a few rows a sequential read is the cheapest plan, and PostgreSQL guesses a prefix query's selectivity
        // coarsely. Give it a marketplace's worth of rows of several kinds and forbid the sequential read: what is
        // left to see is whether the word index serves the query (without it, the primary key's scan comes back).
        await sql`insert into search_documents (kind, entity_id, name, body)
          select case when n % 5 = 0 then 'products' else 'firms' end, 'filler' || n, 'item ' || md5(n::text), 'words of a description' from generate_series(1, 100000) as n`.execute(
          trx,
        );
        await sql`analyze search_documents`.execute(trx);
        await sql`set local enable_seqscan = off`.execute(trx);
      }
      const explain = dialect === 'postgres' ? 'explain' : 'explain query plan';
      const plan = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`${explain} ${search.sql}`, [...search.parameters]));
      const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
      expect(text).toMatch(dialect === 'postgres' ? /Index Scan on search_documents_words/ : /VIRTUAL TABLE INDEX/);
    });
  });
});
