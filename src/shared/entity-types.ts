/** Entity type codes. */
export const ENTITY_TYPE = {
  USER: 10,
  FIRM: 20,
  EMPLOYMENT: 30,
  ADDRESS: 40,
  PRODUCT: 50,
  EVENT: 60,
  MENU: 70,
  MENU_ITEM: 80,
  BLOG: 90,
} as const;

/** @public the entity type codes, for every entity that carries one */
export type EntityTypeCode = (typeof ENTITY_TYPE)[keyof typeof ENTITY_TYPE];

/** Entity types a user can save. */
export const SAVABLE_TYPES = [ENTITY_TYPE.FIRM, ENTITY_TYPE.EVENT, ENTITY_TYPE.BLOG, ENTITY_TYPE.PRODUCT, ENTITY_TYPE.MENU_ITEM] as const;
export type SavableType = (typeof SAVABLE_TYPES)[number];

/** Click rules of the featured page: where an item goes, null for 'do nothing', 'unsupported' otherwise. */
export function featuredTarget(item: { entityTypeCode: number; entityShortId: string }): string | null | 'unsupported' {
  switch (item.entityTypeCode) {
    case ENTITY_TYPE.FIRM:
      return `/${item.entityShortId}`;
    case ENTITY_TYPE.EVENT:
      return `/event/${item.entityShortId}`;
    case ENTITY_TYPE.BLOG:
      return `/blog/${item.entityShortId}`;
    case ENTITY_TYPE.PRODUCT:
      return `/product/${item.entityShortId}`;
    case ENTITY_TYPE.MENU_ITEM:
      return `/dish/${item.entityShortId}`;
    case ENTITY_TYPE.ADDRESS:
      return null;
    default:
      return 'unsupported';
  }
}
