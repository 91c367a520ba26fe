import { z } from 'zod';
import { ENTITY_TYPE } from './entity-types';
import { imageFieldsSchema } from './explore';

/** Featured item (spec section 3); for a firm `entityShortId` is its username, the key of its page. */
export const featuredItemSchema = imageFieldsSchema.extend({
  entityId: z.string(),
  entityName: z.string(),
  entityShortId: z.string(),
  entityTypeCode: z.number().int(),
  type: z.object({ name: z.string(), description: z.string().nullable() }).nullable(),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;
export const featuredItemsSchema = z.array(featuredItemSchema);

/** Click rules of the featured page: where an item goes, null for 'do nothing', 'unsupported' otherwise. */
export function featuredTarget(item: Pick<FeaturedItem, 'entityTypeCode' | 'entityShortId'>): string | null | 'unsupported' {
  switch (item.entityTypeCode) {
    case ENTITY_TYPE.FIRM:
      return `/${item.entityShortId}`;
    case ENTITY_TYPE.EVENT:
      return `/event/${item.entityShortId}`;
    case ENTITY_TYPE.BLOG:
      return `/blog/${item.entityShortId}`;
    case ENTITY_TYPE.PRODUCT:
    case ENTITY_TYPE.MENU_ITEM:
    case ENTITY_TYPE.ADDRESS:
      return null;
    default:
      return 'unsupported';
  }
}
