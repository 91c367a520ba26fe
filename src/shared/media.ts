export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The URL of one rendition of a stored image; `imagePath` is the media id the API returns. */
export function mediaUrl(imagePath: string, size: ImageSize = 'medium'): string {
  if (/^(https?:|data:|blob:|\/)/.test(imagePath)) return imagePath;
  return `/media/${encodeURIComponent(imagePath)}/${size}.webp`;
}
