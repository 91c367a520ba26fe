/** Cache-Control headers of API answers, one name per policy. */

/** Public, shared-cacheable reads (the service worker revalidates them). */
export const PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' };

/** Answers about the caller (saved items, follows, people): never kept by a shared cache. */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' };
