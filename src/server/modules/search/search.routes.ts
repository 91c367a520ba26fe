import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { searchPageQuerySchema, searchPageSchema, searchResultsSchema, searchTermSchema } from '../../../shared/search';
import { SEARCH_TYPES } from '../../../shared/search-kinds';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { viewerOf } from '../../lib/auth-context';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createSearchService } from './search.service';

const tags = ['Search'];

const grouped = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Searches places, dishes, products, events and articles (accents and case ignored)',
  description: 'The first few of each kind and how many there are; a place also matches by its category or city.',
  request: { query: searchTermSchema },
  responses: { 200: json(searchResultsSchema, 'Results grouped by kind.', 'SearchResults'), ...problems(400) },
});
const ofType = createRoute({
  method: 'get',
  path: '/{type}',
  tags,
  summary: 'Search results of one kind, paged',
  request: { params: z.object({ type: z.enum(SEARCH_TYPES) }), query: searchPageQuerySchema },
  responses: { 200: json(searchPageSchema, 'A page of results (empty past the end).', 'SearchPage'), ...problems(400) },
});

/** `/api/public/search?q=` and `/api/public/search/{type}?q=&page=&size=`. */
export function searchRoutes({ db, dialect, clock }: AppDeps) {
  const search = createSearchService(db, dialect, clock);
  return createRouter()
    .openapi(grouped, async (c) => c.json(await search.grouped(c.req.valid('query').q, await viewerOf(c)), 200, PUBLIC_CACHE))
    .openapi(ofType, async (c) => {
      const { q, page, size } = c.req.valid('query');
      return c.json(await search.page(c.req.valid('param').type, q, page, size, await viewerOf(c)), 200, PUBLIC_CACHE);
    });
}
