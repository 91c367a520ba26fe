import { z } from 'zod';

/**
 * What a workspace image upload answers (events, posts, menu items, products): the media id to put
 * in the entity's `imagePath` (or in an article's `<img src="/media/{id}/large.webp">`), with its
 * intrinsic size and dominant colour.
 */
export const uploadedImageSchema = z.object({
  imagePath: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  imageColor: z.string(),
});
