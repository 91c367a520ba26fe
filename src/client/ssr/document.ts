import { languageDirection, type Language } from '../../shared/i18n';
import { escapeAttr, replaceOnce } from './html';

interface DocumentParts {
  /** the built index.html, its stylesheet links already switched by inlineStyles() */
  template: string;
  language: Language;
  /** the routes' head tags (headTags()) */
  head: { tags: string; hasTitle: boolean; hasDescription: boolean };
  /** after the head tags: the inlined CSS and the routes' stylesheet links */
  headExtra: string;
  /** the routes' scripts, preloaded */
  modules: string[];
  /** renderToString's output */
  appHtml: string;
  /** data-ssr-* attributes of the root: what the client must start from to hydrate it */
  root: { session: string; lang: string; ns: string; lite?: boolean };
  /** the router's hydration scripts */
  scripts: string;
}

/**
 * The page: index.html in the rendered language and direction, the routes' head in place of the
 * template's title (and description, when they give one), then the app in the root element with
 * the router's hydration scripts after it.
 */
export function documentHtml(parts: DocumentParts): string {
  const headHtml =
    parts.head.tags +
    parts.headExtra +
    parts.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`).join('');
  let html = replaceOnce(parts.template, /<html[^>]*>/, `<html lang="${parts.language}" dir="${languageDirection(parts.language)}">`);
  if (parts.head.hasDescription) html = replaceOnce(html, /<meta name="description"[^>]*>\s*/, '');
  html = parts.head.hasTitle
    ? replaceOnce(html, /<title>[\s\S]*?<\/title>/, headHtml)
    : replaceOnce(html, /<\/title>/, (title) => title + headHtml);
  const { session, lang, ns, lite } = parts.root;
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root" data-ssr="" data-ssr-session="${session}" data-ssr-lang="${lang}" data-ssr-ns="${escapeAttr(ns)}"${lite ? ' data-ssr-lite=""' : ''}>${parts.appHtml}</div>${parts.scripts}`,
  );
}
