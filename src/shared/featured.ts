import { z } from 'zod';
import { imageFieldsSchema } from './image-fields';

/** Featured item; for a firm `entityShortId` is its username, the key of its page. */
export const featuredItemSchema = imageFieldsSchema.extend({
  entityId: z.string(),
  entityName: z.string(),
  entityShortId: z.string(),
  entityTypeCode: z.number().int(),
  type: z.object({ name: z.string(), description: z.string().nullable() }).nullable(),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;
export const featuredItemsSchema = z.array(featuredItemSchema);
