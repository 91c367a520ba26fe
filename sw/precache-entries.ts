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
/**
 * Translations a signed-out visitor's pages use (the other namespaces are cached when first used): every public
 * route preloads `saved` (the Save buttons), the firm page's reviews section `reviews`, the about, help, FAQ and
 * legal pages `pages` and `legal`.
 */
const PUBLIC_NAMESPACES = ['common', 'firm', 'saved', 'reviews', 'explore', 'event', 'blog', 'landing', 'search', 'pages', 'legal'];
/**
 * Only the default language's: a visitor reads in one language, and the page hands the worker the files
 * it loaded before the worker controlled it (sw.ts, KEEP_PAGE), so another language's translations and
 * month names are cached on first use (16 files, ~21 KB gzip that an English visitor
 * never loads).
 */
const LOCALE = new RegExp(`^src/client/locales/${DEFAULT_LANGUAGE}/([\\w-]+)\\.json$`);
const ANY_LOCALE = /^src\/client\/locales\//;
/**
 * What public pages load after they are live, and need offline (the offline overlay is in the layers; the route error
 * page, which says what is kept offline, loads when the page is idle: src/client/router.tsx; the firm page's reviews
 * section loads when it comes near: src/client/routes/-firm/firm-with-sections.tsx).
 */
export const PUBLIC_LAZY =
  /^src\/client\/(components\/(feedback\/layers|layout\/(install-button|route-error-page))|features\/reviews\/components\/firm-reviews)\.tsx$/;

/** A public page's file the worker fetches after install, in the background (sw.ts `warmPublicPages`), not precached. */
export type LaterEntry<T extends PrecacheEntry> = T & { later?: true };

/**
 * The worker precaches only the shell (docs/decisions/022-precache-only-the-shell.md) (target 150 KB gzip): index.html (the offline fallback), the
 * entry and its CSS, the favicon and the web manifest. The public pages' other files (their routes and what those
 * import, the lazy layers they load once live, the default language's public translations, `common` included) are
 * marked `later`: the worker fetches them once it is active and the page idle,
 * at low priority, into `souk-assets` (sw.ts), so the install is short and the worker ready sooner, and a visitor
 * still reads the public pages offline once that is done. Every built file is also cached when first used. The
 * signed-in pages, the workspace, the editors and the other languages' translations are neither (cached on use;
 * another language's as the page hands them over, KEEP_PAGE). The translations are not in the install: like an
 * Arabic or French visitor's, an English visitor's first page loaded them and hands them to the worker (KEEP_PAGE).
 * Without the build manifest (a dev build) every entry stays precached.
 */
export function publicPrecacheEntries<T extends PrecacheEntry>(
  entries: T[],
  buildManifest: Record<string, BuildChunk> | undefined,
): LaterEntry<T>[] {
  if (!buildManifest) return entries;
  const shell = new Set<string>(['index.html', 'favicon.svg', 'manifest.webmanifest']);
  const later = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = buildManifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.add(chunk.file);
    chunk.css?.forEach((file) => into.add(file));
    chunk.imports?.forEach((imported) => visit(imported, into));
  };
  const lazyPublic = (key: string) => {
    for (const lazy of buildManifest[key]?.dynamicImports ?? []) {
      if (
        ANY_LOCALE.test(lazy)
          ? PUBLIC_NAMESPACES.includes(LOCALE.exec(lazy)?.[1] ?? '')
          : PUBLIC_ROUTE_FILE.test(lazy) || PUBLIC_LAZY.test(lazy)
      )
        visit(lazy, later);
    }
  };
  const entryKeys = Object.keys(buildManifest).filter((key) => buildManifest[key].isEntry);
  entryKeys.forEach((key) => visit(key, shell));
  // what the public pages load: their routes' chunks, and what the entry's and those chunks load lazily
  for (const key of Object.keys(buildManifest)) if (PUBLIC_ROUTE_FILE.test(key)) visit(key, later);
  for (let size = 0; size !== seen.size;) {
    size = seen.size;
    for (const key of [...seen]) lazyPublic(key);
  }
  const result: LaterEntry<T>[] = [];
  for (const entry of entries) {
    const key = precacheKey(entry.url);
    if (shell.has(key)) result.push(entry);
    else if (later.has(key)) result.push({ ...entry, later: true });
  }
  return result;
}
