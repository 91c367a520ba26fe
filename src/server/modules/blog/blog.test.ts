import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('blog', () => {
  it('lists published posts newest first, all or of one firm', async () => {
    const all = (await market.json('/api/public/blog-posts?page=0&size=2')).body;
    expect(all).toMatchObject({ totalElements: 3, totalPages: 2, first: true, last: false });
    expect(all.content.map((p: { shortId: string }) => p.shortId)).toEqual(['blogb3xx', 'blogb2xx']);
    expect(all.content[0]).toMatchObject({ category: { key: 'news' }, firmUsername: 'pages' });
    const firm = (await market.json('/api/public/blog-posts?firmUsername=CAFELUMIERE')).body;
    expect(firm.content.map((p: { shortId: string }) => p.shortId)).toEqual(['blogb2xx', 'blogb1xx']);
    expect((await market.json('/api/public/blog-posts?size=100')).body.size).toBe(32);
  });

  it('serves an article with sanitized HTML and 404s drafts and unknown ids', async () => {
    const { body } = await market.json('/api/public/blog-posts/sid/blogb1xx');
    expect(body.content).toContain('<strong>bold</strong>');
    expect(body.content).not.toMatch(/script|onclick|javascript:/);
    expect((await market.json('/api/public/blog-posts/sid/blogb4xx')).status).toBe(404);
    expect((await market.json('/api/public/blog-posts/sid/blogb5xx')).status).toBe(404);
    const unknown = await market.json('/api/public/blog-posts/sid/zzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe('application/problem+json');
  });
});
