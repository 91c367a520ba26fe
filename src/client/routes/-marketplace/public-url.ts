/** The site's origin for share links (the browser's; empty while server rendering, where links stay relative). */
export function publicOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Head entries for a public page (title 'X — Souk', description, og:image, canonical). */
export function pageHead(input: { title: string; description?: string; image?: string | null; path?: string }) {
  const meta: Array<Record<string, string>> = [{ title: `${input.title} — Souk` }];
  if (input.description) meta.push({ name: 'description', content: input.description });
  if (input.image) meta.push({ property: 'og:image', content: input.image });
  meta.push({ property: 'og:title', content: input.title });
  const links = input.path ? [{ rel: 'canonical', href: input.path }] : [];
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
