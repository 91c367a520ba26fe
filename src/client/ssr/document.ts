import { languageDirection, type Language } from '../../shared/i18n';
import { escapeAttr, replaceOnce } from './html';

/** The routes' head tags (headTags()). */
interface HeadParts {
  tags: string;
  hasTitle: boolean;
  hasDescription: boolean;
}

/**
 * The start of the page, which leaves before the body is rendered (head-first): the built
 * index.html up to its title, in the rendered language and direction (charset, viewport), then the
 * routes' head tags (title, description, Open Graph, canonical, the hero's preload), known once the
 * loaders have run. `rest`: the template after them (its icons, theme script, stylesheet links and
 * body), to be finished by documentHtml() once the markup is there. `start + rest` is the template
 * with the routes' head in place of its title (and description, when they give one).
 */
export function documentStart(template: string, language: Language, head: HeadParts): { start: string; rest: string } {
  let html = replaceOnce(template, /<html[^>]*>/, `<html lang="${language}" dir="${languageDirection(language)}">`);
  if (head.hasDescription) html = replaceOnce(html, /<meta name="description"[^>]*>\s*/, '');
  const title = /<title>[\s\S]*?<\/title>/.exec(html);
  if (!title) throw new Error('index.html has no <title>');
  const end = title.index + title[0].length;
  return head.hasTitle
    ? { start: html.slice(0, title.index) + head.tags, rest: html.slice(end) }
    : { start: html.slice(0, end) + head.tags, rest: html.slice(end) };
}

interface DocumentParts {
  /** documentStart()'s start, sent first */
  start: string;
  /** documentStart()'s rest, its stylesheet links already switched by inlineStyles() */
  rest: string;
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
 * The page: its start (documentStart()), the CSS the markup uses and the routes' preloads, then the
 * rest of the template with the app in the root element and the router's hydration scripts after it.
 * Always begins with `start`, so a response that sent the start already sends the remainder.
 */
export function documentHtml(parts: DocumentParts): string {
  const { session, lang, ns, lite } = parts.root;
  return (
    parts.start +
    parts.headExtra +
    parts.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`).join('') +
    replaceOnce(
      parts.rest,
      '<div id="root"></div>',
      `<div id="root" data-ssr="" data-ssr-session="${session}" data-ssr-lang="${lang}" data-ssr-ns="${escapeAttr(ns)}"${lite ? ' data-ssr-lite=""' : ''}>${parts.appHtml}</div>${parts.scripts}`,
    )
  );
}
