import type { Industry } from '../../../shared/explore';

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

/** Which industry a segment (or a /category/{key} page) belongs to. */
export function industryOf(industries: Industry[], segment: ExploreSegment, category?: string): Industry | undefined {
  if (segment === 'explore') return undefined;
  if (segment === 'category') return industries.find((i) => i.categories.some((c) => c.key === category));
  return industries.find((i) => i.key === SEGMENT_INDUSTRY[segment]);
}

/** Whether `/events/x`, `/food/x`, `/category/x`… names a category of its segment (else the page is a 404). */
export function isKnownCategory(industries: Industry[], segment: ExploreSegment, category: string): boolean {
  return Boolean(industryOf(industries, segment, category)?.categories.some((c) => c.key === category));
}
