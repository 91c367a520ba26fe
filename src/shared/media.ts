export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The width of each rendition (the `w` of a srcset). */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { small: 320, medium: 768, large: 1600 };

/**
 * The srcset of a stored image: its renditions up to `largest`, each with the width its file
 * really has. Renditions are never enlarged (server/lib/media.ts), so an 900 px wide picture has
 * a 900 px "large" file: with `intrinsicWidth` (the API's imageWidth) the srcset says 900w, and
 * two renditions of the same width are named once (the smaller file), so the browser does not
 * pick a file for a width it does not have.
 */
export function mediaSrcSet(imagePath: string, largest: ImageSize, intrinsicWidth?: number | null): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const size of IMAGE_SIZES.slice(0, IMAGE_SIZES.indexOf(largest) + 1)) {
    const width = intrinsicWidth && intrinsicWidth > 0 ? Math.min(IMAGE_WIDTHS[size], intrinsicWidth) : IMAGE_WIDTHS[size];
    if (seen.has(width)) continue;
    seen.add(width);
    entries.push(`${mediaUrl(imagePath, size)} ${width}w`);
  }
  return entries.join(', ');
}

/** The URL of one rendition of a stored image; `imagePath` is the media id the API returns. */
export function mediaUrl(imagePath: string, size: ImageSize = 'medium'): string {
  if (/^(https?:|data:|blob:|\/)/.test(imagePath)) return imagePath;
  return `/media/${encodeURIComponent(imagePath)}/${size}.webp`;
}
