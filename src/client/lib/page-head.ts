import { useEffect } from 'react';
import { APP_NAME } from '../../shared/limits';
import { mediaSrcSet, mediaUrl } from '../../shared/media';

/**
 * The one home of a page's title and head ('title — Souk').
 *
 * A page says what it is in two places that cannot be one: its route's `head: () => pageHead(…)`
 * (read by the server renderer, src/client/ssr/head-tags.ts, for crawlers and link previews,
 * before any translation or user is known) and, in the browser, `usePageTitle(t(…), description)`
 * in its component (translated, and again on every language change). Both format with
 * `formatPageTitle`.
 */
export function formatPageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} — ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the browser title to `title — Souk` while the page is shown, and the meta description
 * when one is given (translated; after an in-app navigation `useHeadSync` (lib/head-sync.ts) has first put the new
 * route's own description or none, so the next page never inherits this one).
 */
export function usePageTitle(title?: string | null, description?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);

  useEffect(() => {
    if (!description) return;
    pageDescription = { path: window.location.pathname, description };
    setHeadTag('meta', 'name', 'description', 'content', description);
  }, [description]);
}

/**
 * The description the shown page set itself (translated), for `useHeadSync` (lib/head-sync.ts): the layers that call
 * it mount after hydration, after the page's own effect, and a route without a `head()`
 * description (the landing) lost the one its page had just put (Lighthouse SEO 92 on '/').
 * Only for the path it was set on, so the next page never inherits it.
 */
let pageDescription: { path: string; description: string } | undefined;

/** The description the shown page set itself, if it did (lib/head-sync.ts). */
export const ownPageDescription = () => (pageDescription?.path === window.location.pathname ? pageDescription.description : undefined);

/** Sets (or with `value` undefined removes) one head tag: `<meta name="description" content=…>`. */
export function setHeadTag(tag: 'meta' | 'link', keyAttribute: string, key: string, valueAttribute: string, value: string | undefined) {
  let element = document.head.querySelector(`${tag}[${keyAttribute}="${key}"]`);
  if (value === undefined) return element?.remove();
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(keyAttribute, key);
    document.head.append(element);
  }
  element.setAttribute(valueAttribute, value);
}

/**
 * Head entries for a server-rendered page: title 'X — Souk', description, canonical, and for a
 * page with a main picture its og:image and a preload of the rendition the page will show (`sizes`
 * as the page's ZoomImage), so that the picture is requested before the inline styles have arrived.
 */
export function pageHead(input: {
  title: string;
  description?: string;
  hero?: { path: string | null; sizes: string; width?: number | null };
  path?: string;
}) {
  const meta: Array<Record<string, string>> = [{ title: formatPageTitle(input.title) }];
  const links: Array<Record<string, string>> = [];
  if (input.description) meta.push({ name: 'description', content: input.description });
  if (input.hero?.path) {
    meta.push({ property: 'og:image', content: mediaUrl(input.hero.path, 'large') });
    links.push({
      rel: 'preload',
      as: 'image',
      imageSrcSet: mediaSrcSet(input.hero.path, 'large', input.hero.width),
      imageSizes: input.hero.sizes,
      fetchPriority: 'high',
    });
  }
  meta.push({ property: 'og:title', content: input.title });
  if (input.path) links.push({ rel: 'canonical', href: input.path });
  return { meta, links };
}
