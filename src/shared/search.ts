import { z } from 'zod';
import { imageFieldsSchema } from './image-fields';
import { pagedSchema } from './paging';

import { SEARCH_PAGE_SIZE, SEARCH_TYPES } from './search-kinds';

/** Search's request and answer schemas: places (by name, category, city), dishes, products, events and articles. */

export const searchTermSchema = z.object({ q: z.string().trim().min(1).max(100) });
export const searchPageQuerySchema = searchTermSchema.extend({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(48).default(SEARCH_PAGE_SIZE),
});

export const searchHitSchema = imageFieldsSchema.extend({
  type: z.enum(SEARCH_TYPES),
  id: z.string(),
  /** the page it opens: /{username}, /dish/{id}, /product/{id}, /event/{id}, /blog/{id} */
  path: z.string(),
  title: z.string(),
  /** the firm (or the city, for a place) */
  subtitle: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  startDateTime: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ type: z.enum(SEARCH_TYPES), total: z.number().int(), items: z.array(searchHitSchema) });
export const searchResultsSchema = z.object({ query: z.string(), groups: z.array(searchGroupSchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
export const searchPageSchema = pagedSchema(searchHitSchema);
