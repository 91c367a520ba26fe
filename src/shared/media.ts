export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The width of each rendition (the `w` of a srcset). */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { small: 320, medium: 768, large: 1600 };

/** The srcset of a stored image: its renditions up to `largest`. */
export function mediaSrcSet(imagePath: string, largest: ImageSize): string {
  return IMAGE_SIZES.slice(0, IMAGE_SIZES.indexOf(largest) + 1)
    .map((size) => `${mediaUrl(imagePath, size)} ${IMAGE_WIDTHS[size]}w`)
    .join(', ');
}

/** The URL of one rendition of a stored image; `imagePath` is the media id the API returns. */
export function mediaUrl(imagePath: string, size: ImageSize = 'medium'): string {
  if (/^(https?:|data:|blob:|\/)/.test(imagePath)) return imagePath;
  return `/media/${encodeURIComponent(imagePath)}/${size}.webp`;
}
