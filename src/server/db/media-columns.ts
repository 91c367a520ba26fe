import type { ImageFields } from '../../shared/image-fields';

/** Columns every image-bearing read selects from its `media as m` left join. */
export const MEDIA_COLUMNS = ['m.width as imageWidth', 'm.height as imageHeight', 'm.color as imageColor'] as const;

/** The shared image fields of a row read with `MEDIA_COLUMNS`: no size or colour without a picture. */
export function imageFields(row: {
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageColor: string | null;
}): ImageFields {
  return {
    imagePath: row.imagePath,
    imageWidth: row.imagePath ? row.imageWidth : null,
    imageHeight: row.imagePath ? row.imageHeight : null,
    imageColor: row.imagePath ? row.imageColor : null,
  };
}
