import { mediaSrcSet, mediaUrl } from '../../../shared/media';

/** The site's origin for share links (the browser's; empty while server rendering, where links stay relative). */
export function publicOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * Head entries for a public page: title 'X — Souk', description, canonical, and for a page with a
 * main picture its og:image and a preload of the rendition the page will show (`sizes` as the
 * page's ZoomImage), so that the picture is requested before the inline styles have arrived.
 */
export function pageHead(input: { title: string; description?: string; hero?: { path: string | null; sizes: string }; path?: string }) {
  const meta: Array<Record<string, string>> = [{ title: `${input.title} — Souk` }];
  const links: Array<Record<string, string>> = [];
  if (input.description) meta.push({ name: 'description', content: input.description });
  if (input.hero?.path) {
    meta.push({ property: 'og:image', content: mediaUrl(input.hero.path, 'large') });
    links.push({ rel: 'preload', as: 'image', imageSrcSet: mediaSrcSet(input.hero.path, 'large'), imageSizes: input.hero.sizes, fetchPriority: 'high' });
  }
  meta.push({ property: 'og:title', content: input.title });
  if (input.path) links.push({ rel: 'canonical', href: input.path });
  return { meta, links };
}

/**
 * Starts loading the translation namespaces a page needs together with its data, instead of one
 * after another as nested components suspend on them (browser only; the server has them all).
 */
export function preloadNamespaces(namespaces: string[]): Promise<unknown> {
  if (typeof window === 'undefined') return Promise.resolve();
  return import('../../lib/i18n').then(({ i18next }) => i18next.loadNamespaces(namespaces)).catch(() => undefined);
}
