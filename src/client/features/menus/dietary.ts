import type { TFunction } from 'i18next';

const KNOWN_TAGS = new Set([
  'vegan',
  'vegetarian',
  'gluten-free',
  'dairy-free',
  'halal',
  'spicy',
  'contains-nuts',
  'contains-gluten',
  'contains-dairy',
  'contains-eggs',
  'contains-fish',
  'contains-shellfish',
  'contains-soy',
  'contains-sesame',
]);

/** A dietary or allergen tag in the interface language (an unknown one as written). */
export function tagLabel(tag: string, t: TFunction<'firm'>): string {
  return KNOWN_TAGS.has(tag) ? t(`tags.${tag}` as 'tags.vegan') : tag.replace(/-/g, ' ');
}

/** A dish's tags as chips: allergens ("contains …") marked as warnings. */
export function dietaryFacts(tags: string[], t: TFunction<'firm'>) {
  return tags.map((tag) => ({ text: tagLabel(tag, t), warning: tag.startsWith('contains') }));
}
