/** The explore pages: /explore, /food, /shop, /services, /category/{key} and /events, and their filters. */
export type ExploreSegment = 'explore' | 'food' | 'shop' | 'services' | 'category' | 'events';

export const SEGMENT_INDUSTRY: Record<Exclude<ExploreSegment, 'explore' | 'category'>, string> = {
  food: 'foodandbeverage',
  shop: 'shoppingandretail',
  services: 'services',
  events: 'events',
};

export interface ExploreSearch {
  name?: string;
  openNow?: boolean;
  age?: number;
  page?: number;
}

/** The industry a segment lists (none for /explore, /category/{key} and /events). */
export function industryKeyOf(segment: ExploreSegment): string | undefined {
  return segment === 'explore' || segment === 'category' || segment === 'events' ? undefined : SEGMENT_INDUSTRY[segment];
}
