import type { Language } from './i18n';

/**
 * Who an event, a blog post, a product or a dish is for. A followers-only item is seen and bought by
 * the firm's approved followers and its team alone; to everyone else it does not exist.
 */
export const AUDIENCE = { EVERYONE: 0, FOLLOWERS: 1 } as const;

/** What a refused purchase of a followers-only item says, in the buyer's language. */
export const FOLLOWERS_ONLY_REFUSAL: Record<Language, string> = {
  en: 'Only approved followers of this business can buy this. Follow it and wait for its approval.',
  ar: 'لا يمكن شراء هذا إلا لمتابعي هذا النشاط المقبولين. تابِعه وانتظر موافقته.',
  fr: 'Seuls les abonnés acceptés de cette entreprise peuvent l’acheter. Suivez-la et attendez son accord.',
};

/** The column's value for the editors' "Followers only" switch. */
export const audienceOf = (followersOnly: boolean): number => (followersOnly ? AUDIENCE.FOLLOWERS : AUDIENCE.EVERYONE);

/** The editors' switch (and the public marker) from the column's value. */
export const isFollowersOnly = (audience: number): boolean => audience === AUDIENCE.FOLLOWERS;
