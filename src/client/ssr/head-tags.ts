import { APP_NAME } from '../../shared/limits';
import { attrs, escapeText, type Attrs } from './html';

/** What a matched route's `head()` gave (lib/page-head.ts `pageHead()`). */
export interface HeadMatch {
  meta?: Array<Attrs & { title?: string }>;
  links?: Attrs[];
}

const URL_PROPERTIES = new Set(['og:image', 'og:url', 'twitter:image']);

/**
 * The head of the matched routes: deeper routes win per title / name / property, links add up;
 * canonical and Open Graph urls made absolute, with a canonical url and Open Graph defaults when
 * the routes give none, and `siteDescription` (translated by the renderer) when they give no description.
 */
export function headTags(matches: HeadMatch[], canonicalDefault: string, publicUrl: string, siteDescription?: string) {
  // Canonical and Open Graph urls must be absolute for crawlers and link previews.
  const absolute = (value: unknown) =>
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? publicUrl + value : value;
  let title: string | undefined;
  const metaByKey = new Map<string, Attrs>();
  const otherMeta: Attrs[] = [];
  for (const match of matches) {
    for (const meta of match.meta ?? []) {
      if (!meta) continue;
      if (meta.title) title = String(meta.title);
      else if (meta.name ?? meta.property) {
        const key = String(meta.name ?? meta.property);
        metaByKey.set(key, URL_PROPERTIES.has(key) ? { ...meta, content: absolute(meta.content) } : meta);
      } else if (!('script:ld+json' in meta)) otherMeta.push(meta);
    }
  }
  const links = matches
    .flatMap((match) => match.links ?? [])
    .filter(Boolean)
    .map((link) => (link.rel === 'canonical' ? { ...link, href: absolute(link.href) } : link));
  let canonical = links.find((link) => link.rel === 'canonical')?.href as string | undefined;
  if (!canonical) {
    canonical = canonicalDefault;
    links.push({ rel: 'canonical', href: canonical });
  }
  // A page whose routes give no description (the landing) gets the site's, in the page's language.
  if (!metaByKey.has('description') && siteDescription) metaByKey.set('description', { name: 'description', content: siteDescription });
  const description = metaByKey.get('description')?.content as string | undefined;
  const fullTitle = title ?? APP_NAME;
  const defaults: Array<[string, string | undefined]> = [
    ['og:title', fullTitle],
    ['og:description', description],
    ['og:url', canonical],
    ['og:type', 'website'],
    ['og:site_name', APP_NAME],
    ['twitter:card', metaByKey.has('og:image') ? 'summary_large_image' : 'summary'],
  ];
  for (const [key, content] of defaults) {
    if (content && !metaByKey.has(key)) {
      metaByKey.set(key, key.startsWith('og:') ? { property: key, content } : { name: key, content });
    }
  }
  const tags = [
    title ? `<title>${escapeText(title)}</title>` : undefined,
    ...[...metaByKey.values(), ...otherMeta].map((meta) => `<meta${attrs(meta)}>`),
    ...links.map((link) => `<link${attrs(link)}>`),
  ].filter(Boolean);
  return { tags: tags.join(''), hasTitle: !!title, hasDescription: !!description };
}
