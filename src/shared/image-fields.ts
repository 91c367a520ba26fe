import { z } from 'zod';

/**
 * Image fields of every entity with a picture: the media id plus its intrinsic size (width and
 * height attributes, no layout shift) and dominant colour (placeholder while loading).
 * The renditions' URLs come from `mediaUrl` / `mediaSrcSet` (./media.ts).
 */
export const imageFieldsSchema = z.object({
  imagePath: z.string().nullable(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  imageColor: z.string().nullable(),
});
export type ImageFields = z.infer<typeof imageFieldsSchema>;
