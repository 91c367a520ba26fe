/**
 * The public pages' query keys (under 'public': public data, persisted for offline reading). Apart from the
 * others (lib/query-keys.ts, which spreads them into `queryKeys`) so that the entry chunk holds only these: the
 * public pages' loaders are in it, the signed-in pages' keys are not needed before those pages load.
 */
export const publicQueryKeys = {
  industries: () => ['public', 'explore', 'industries'] as const,
  category: (key: string) => ['public', 'explore', 'category', key] as const,
  featured: () => ['public', 'explore', 'featured'] as const,
  firms: (filters: Record<string, unknown>) => ['public', 'firms', 'list', filters] as const,
  firm: (username: string) => ['public', 'firms', 'detail', username.toLowerCase()] as const,
  menus: (firmId: string) => ['public', 'menus', firmId] as const,
  product: (shortId: string) => ['public', 'products', 'detail', shortId] as const,
  menuItem: (shortId: string) => ['public', 'menus', 'item', shortId] as const,
  search: (q: string) => ['public', 'search', q.trim().toLowerCase()] as const,
  searchPage: (type: string, q: string, page: number) => ['public', 'search', q.trim().toLowerCase(), type, page] as const,
  products: (params: { firmId?: string; page: number; size: number }) => ['public', 'products', params] as const,
  events: (params: Record<string, unknown>) => ['public', 'events', 'list', params] as const,
  event: (shortId: string) => ['public', 'events', 'detail', shortId] as const,
  blogPosts: (params: { firmUsername?: string; page: number; size: number }) => ['public', 'blog', 'list', params] as const,
  blogPost: (shortId: string) => ['public', 'blog', 'detail', shortId] as const,
  eventTypes: () => ['public', 'explore', 'event-types'] as const,
  /** every cached page of a public list, which an owner's change may alter */
  blogAll: () => ['public', 'blog'] as const,
  eventsAll: () => ['public', 'events'] as const,
  productsAll: () => ['public', 'products'] as const,
};
