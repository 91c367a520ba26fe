import type { ImageFields } from '../../../shared/explore';
import type { LocalizedNames } from '../../../shared/explore';

/** Columns every image-bearing read selects from its `media as m` left join. */
export const MEDIA_COLUMNS = ['m.width as imageWidth', 'm.height as imageHeight', 'm.color as imageColor'] as const;

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

const namesCache = new Map<string, LocalizedNames>();

/** Parses a names JSON column once per distinct value. */
export function parseNames(json: string | null | undefined): LocalizedNames {
  if (!json) return { en: '', ar: '', fr: '' };
  let names = namesCache.get(json);
  if (!names) {
    try {
      const value = JSON.parse(json) as Partial<LocalizedNames>;
      names = { en: value.en ?? '', ar: value.ar || value.en || '', fr: value.fr || value.en || '' };
    } catch {
      names = { en: json, ar: json, fr: json };
    }
    if (namesCache.size > 5000) namesCache.clear();
    namesCache.set(json, names);
  }
  return names;
}

/** `like` pattern for a case-insensitive "contains" search, with the wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Public, shared-cacheable reads (the service worker revalidates them). */
export const PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' };
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' };
