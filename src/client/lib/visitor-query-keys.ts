/**
 * The keys of the visitor's own state that a public page's controls read and write (Follow, Save, Add to cart), and
 * the mutation keys. Apart from lib/query-keys.ts, which spreads them into `queryKeys`, so that a public page carries
 * these few and not every signed-in page's keys.
 */
export const visitorQueryKeys = {
  savedCheck: (userId: string, entityId: string) => ['saved', userId, 'check', entityId] as const,
  /** the prefix of every savedByType key (a save or unsave refreshes them all) */
  savedLists: (userId: string) => ['saved', userId, 'list'] as const,
  /** the prefix of every following key (a follow or unfollow refreshes them all) */
  followingAll: (userId: string) => ['saved', userId, 'following'] as const,
  follow: (firmId: string, userId: string | undefined) => ['user', 'follow', firmId, userId ?? 'anonymous'] as const,
  carts: (userId: string) => ['user', 'cart', userId] as const,
};

/** Mutation keys: their defaults (mutationFn) are registered once so paused offline mutations resume after a reload. */
export const mutationKeys = {
  save: ['saved', 'save'] as const,
  follow: ['user', 'follow'] as const,
  friendship: ['user', 'friendship'] as const,
};
