/**
 * What search finds, grouped, and its page sizes. Apart from the zod schemas (./search.ts) so the
 * client's route loaders, which are in the entry chunk, can read them without bringing zod along.
 */
export const SEARCH_TYPES = ['firms', 'dishes', 'products', 'events', 'posts'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_GROUP_SIZE = 4;
export const SEARCH_PAGE_SIZE = 12;
