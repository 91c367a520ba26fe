import { DEFAULT_LANGUAGE } from '../src/shared/i18n.js';

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

/** A chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface BuildChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The route files of the server-rendered public pages (src/shared/server-rendered-paths.ts). */
export const PUBLIC_ROUTE_FILE =
  /^src\/client\/routes\/(index|\$username(_\.blog)?|explore|events|category|food|shop|services|blog|event|product|dish|showcase|search|about|privacy|terms|aup|faq|help)[.]/;
/** Translations a signed-out visitor's pages use (the other namespaces are cached when first used). */
const PUBLIC_NAMESPACES = ['common', 'firm', 'explore', 'event', 'blog', 'landing', 'search'];
/**
 * Only the default language's: a visitor reads in one language, and the page hands the worker the files
 * it loaded before the worker controlled it (sw.ts, KEEP_PAGE), so another language's translations and
 * month names are cached on first use (issue 15 item 5: 16 files, ~21 KB gzip that an English visitor
 * never loads).
 */
const LOCALE = new RegExp(`^src/client/locales/${DEFAULT_LANGUAGE}/([\\w-]+)\\.json$`);
const ANY_LOCALE = /^src\/client\/locales\//;
/** What public pages load after they are live, and need offline (the offline overlay is in the layers). */
export const PUBLIC_LAZY = /^src\/client\/components\/(feedback\/layers|layout\/install-button)\.tsx$/;

/**
 * Issue 15 item 5: the worker precaches only what a signed-out visitor needs to read the public pages
 * offline: the shell, the entry, the public routes' files (and the lazy layers they load once live),
 * the default language's public translations, the favicon and the small icon (the other languages'
 * translations and month names are kept when first loaded). At 400 kbps precaching every route's chunk
 * (245 files, 490 KB gzip) kept the worker from answering for tens of seconds; the signed-in pages,
 * the workspace and the editors are cached by the worker when first used (sw.ts, `souk-assets`).
 * Without the build manifest (a dev build) every entry stays.
 */
export function publicPrecacheEntries<T extends PrecacheEntry>(entries: T[], buildManifest: Record<string, BuildChunk> | undefined): T[] {
  if (!buildManifest) return entries;
  const keep = new Set<string>(['index.html', 'favicon.svg', 'icons/icon-192.png', 'manifest.webmanifest']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = buildManifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    keep.add(chunk.file);
    chunk.css?.forEach((file) => keep.add(file));
    chunk.imports?.forEach(visit);
    for (const lazy of chunk.dynamicImports ?? []) {
      if (
        ANY_LOCALE.test(lazy)
          ? PUBLIC_NAMESPACES.includes(LOCALE.exec(lazy)?.[1] ?? '')
          : PUBLIC_ROUTE_FILE.test(lazy) || PUBLIC_LAZY.test(lazy)
      )
        visit(lazy);
    }
  };
  for (const [key, chunk] of Object.entries(buildManifest)) if (chunk.isEntry || PUBLIC_ROUTE_FILE.test(key)) visit(key);
  return entries.filter((entry) => keep.has(precacheKey(entry.url)));
}
