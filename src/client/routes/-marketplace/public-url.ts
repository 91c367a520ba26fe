/** The site's origin for share links (the browser's; empty while server rendering, where links stay relative). */
export function publicOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * Starts loading the translation namespaces a page needs together with its data, instead of one
 * after another as nested components suspend on them (browser only; the server has them all).
 */
export function preloadNamespaces(namespaces: string[]): Promise<unknown> {
  if (typeof window === 'undefined') return Promise.resolve();
  return import('../../lib/i18n').then(({ i18next }) => i18next.loadNamespaces(namespaces)).catch(() => undefined);
}
