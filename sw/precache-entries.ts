/**
 * Build-time helper (used by vite.config.ts through vite-plugin-pwa's `manifestTransforms`):
 * one precache entry per URL. vite-plugin-pwa adds the web manifest, its icons and
 * `includeAssets` on top of the glob, so the same file can be listed twice; the worker would
 * then download it twice and workbox rejects two revisions of one URL.
 */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size?: number;
  integrity?: string;
}

/** Normalises the URL the way the worker resolves it: relative to the root, no leading `./` or `/`. */
export function precacheKey(url: string): string {
  return url.replace(/^\.?\//, '');
}

export function dedupePrecacheEntries<T extends PrecacheEntry>(entries: T[]): { manifest: T[]; warnings: string[] } {
  const seen = new Map<string, T>();
  const warnings: string[] = [];
  for (const entry of entries) {
    const key = precacheKey(entry.url);
    const previous = seen.get(key);
    if (!previous) {
      seen.set(key, entry);
    } else if (previous.revision !== entry.revision) {
      // A hashed file name carries no revision; keep the one that has one so updates are noticed.
      if (previous.revision === null) seen.set(key, entry);
      warnings.push(`precache: ${key} listed with two revisions; kept ${seen.get(key)!.revision}`);
    }
  }
  return { manifest: [...seen.values()], warnings };
}
