import { useLayoutEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ownPageDescription, setHeadTag } from './page-head';

// Apart from lib/page-head.ts: only the layers above the page (loaded once the page is live) use it, so it is not in
// the entry.

interface MatchHead {
  meta?: Array<Record<string, unknown> | undefined>;
  links?: Array<Record<string, unknown> | undefined>;
}

/** The description and canonical path the matched routes' `head()` give (deeper routes win), as ssr/head-tags.ts reads them. */
function routeHead(matches: readonly MatchHead[], pathname: string) {
  let description = '';
  let canonical = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  for (const match of matches) {
    for (const meta of match.meta ?? []) if (meta?.name === 'description') description = String(meta.content);
    for (const link of match.links ?? []) if (link?.rel === 'canonical') canonical = String(link.href);
  }
  return `${description}\n${canonical}`;
}

/**
 * The head follows in-app navigation (the layers above the page call this once, after hydration): the server renders the first
 * page's description, canonical url and og:url (ssr/head-tags.ts); after a client-side navigation
 * they are the new page's, from its route's `head()`, with the canonical url defaulting to the path
 * as on the server. A layout effect, so a page's `usePageTitle(title, description)` (a passive
 * effect, translated) still has the last word.
 */
export function useHeadSync(): void {
  const head = useRouterState({ select: (state) => routeHead(state.matches as unknown as MatchHead[], state.location.pathname) });
  useLayoutEffect(() => {
    const [description, path] = head.split('\n');
    const current = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    const canonical = /^https?:/.test(path) ? path : (current ? new URL(current).origin : window.location.origin) + path;
    const own = ownPageDescription();
    setHeadTag('meta', 'name', 'description', 'content', description || own);
    setHeadTag('meta', 'property', 'og:description', 'content', description || own);
    setHeadTag('link', 'rel', 'canonical', 'href', canonical);
    setHeadTag('meta', 'property', 'og:url', 'content', canonical);
  }, [head]);
}
