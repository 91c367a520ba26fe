/** Entity type codes (spec section 3). */
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

export type EntityTypeCode = (typeof ENTITY_TYPE)[keyof typeof ENTITY_TYPE];

export const ENTITY_TYPE_CODES = Object.values(ENTITY_TYPE) as EntityTypeCode[];
