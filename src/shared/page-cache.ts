/**
 * The service worker's cache of server-rendered pages (sw/sw.ts). Named here because the page deletes it when the
 * language changes (the kept HTML is in the old language): its own module, so the page's entry does not carry
 * server-rendered-paths.ts and the reserved usernames for one string.
 */
export const PAGE_CACHE = 'souk-pages';
