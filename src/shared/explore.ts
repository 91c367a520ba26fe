import { z } from 'zod';
import { localizedNamesSchema, type LocalizedNames } from './localized-names';

export const categorySchema = z.object({ key: z.string(), industryKey: z.string(), names: localizedNamesSchema });
export type Category = z.infer<typeof categorySchema>;

export const industrySchema = z.object({
  key: z.string(),
  names: localizedNamesSchema,
  /** the explore path of the industry: /food, /shop, /services, /events or /category */
  path: z.string(),
  categories: z.array(categorySchema),
});
export type Industry = z.infer<typeof industrySchema>;
export const industriesSchema = z.array(industrySchema);

export const eventTypeSchema = z.object({ key: z.string(), names: localizedNamesSchema, upcoming: z.number().int() });
export const exploreEventsSchema = z.object({ types: z.array(eventTypeSchema) });
export type ExploreEvents = z.infer<typeof exploreEventsSchema>;

/** `/explore/{foodandbeverage|shoppingandretail|services}`: the industry and its categories with firm counts. */
export const exploreIndustrySchema = industrySchema.extend({
  categories: z.array(categorySchema.extend({ firms: z.number().int() })),
  firms: z.number().int(),
});
export type ExploreIndustry = z.infer<typeof exploreIndustrySchema>;

export const INDUSTRY_KEYS = ['foodandbeverage', 'shoppingandretail', 'services', 'technology', 'events'] as const;
export type IndustryKey = (typeof INDUSTRY_KEYS)[number];

/** Industry labels and their explore paths (the categories come from the database). */
export const INDUSTRIES: Record<IndustryKey, { names: LocalizedNames; path: string }> = {
  foodandbeverage: { names: { en: 'Food & Beverage', ar: 'الطعام والمشروبات', fr: 'Restauration' }, path: '/food' },
  shoppingandretail: { names: { en: 'Shopping & Retail', ar: 'التسوق والتجزئة', fr: 'Commerce' }, path: '/shop' },
  services: { names: { en: 'Services', ar: 'الخدمات', fr: 'Services' }, path: '/services' },
  technology: { names: { en: 'Technology', ar: 'التكنولوجيا', fr: 'Technologie' }, path: '/category' },
  events: { names: { en: 'Events', ar: 'الفعاليات', fr: 'Événements' }, path: '/events' },
};
