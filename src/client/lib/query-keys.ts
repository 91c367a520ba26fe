/**
 * Every query key of the public marketplace, in one place. Keys under 'public' hold public data
 * and are persisted for offline reading; 'saved' holds the signed-in user's saved lists (keyed by
 * user so two accounts on one device never mix); 'user' is per-user and not persisted.
 */
export const queryKeys = {
  industries: () => ['public', 'explore', 'industries'] as const,
  exploreIndustry: (key: string) => ['public', 'explore', 'industry', key] as const,
  exploreEvents: () => ['public', 'explore', 'events'] as const,
  featured: () => ['public', 'explore', 'featured'] as const,
  firms: (filters: Record<string, unknown>) => ['public', 'firms', 'list', filters] as const,
  firm: (username: string) => ['public', 'firms', 'detail', username.toLowerCase()] as const,
  menus: (firmId: string) => ['public', 'menus', firmId] as const,
  products: (params: { firmId?: string; page: number; size: number }) => ['public', 'products', params] as const,
  events: (params: Record<string, unknown>) => ['public', 'events', 'list', params] as const,
  event: (shortId: string) => ['public', 'events', 'detail', shortId] as const,
  blogPosts: (params: { firmUsername?: string; page: number; size: number }) => ['public', 'blog', 'list', params] as const,
  blogPost: (shortId: string) => ['public', 'blog', 'detail', shortId] as const,
  savedAll: (userId: string) => ['saved', userId] as const,
  savedCheck: (userId: string, entityId: string) => ['saved', userId, 'check', entityId] as const,
  savedByType: (userId: string, typeCode: number, page: number) => ['saved', userId, 'list', typeCode, page] as const,
  following: (userId: string, page: number) => ['saved', userId, 'following', page] as const,
  follow: (firmId: string, userId: string | undefined) => ['user', 'follow', firmId, userId ?? 'anonymous'] as const,
  profile: (flip: string) => ['user', 'profile', flip.toLowerCase()] as const,
};

/** Mutation keys: their defaults (mutationFn) are registered once so paused offline mutations resume after a reload. */
export const mutationKeys = {
  save: ['saved', 'save'] as const,
  unsave: ['saved', 'unsave'] as const,
  follow: ['user', 'follow'] as const,
};
