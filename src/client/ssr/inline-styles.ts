import { escapeAttr } from './html';

/** The text of a built file (`/assets/x.css`), or undefined when it cannot be read. */
export type ReadAsset = (urlPath: string) => string | undefined;

/**
 * On a slow link every request before first paint costs a round trip and bandwidth the content
 * needs: the page's CSS (the entry's and the matched routes', a few kilobytes compressed) goes
 * inline, and the stylesheet links stay as `disabled` links, which load nothing but tell Vite's
 * chunk loader that the CSS is already on the page. (The scripts come after the hero image:
 * deferred-scripts.ts.) `cache` keeps the joined CSS per set of files.
 */
export function inlineStyles(html: string, routeCss: string[], readAsset: ReadAsset | undefined, cache: Map<string, string>) {
  const templateCss = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
  const hrefs = [...new Set([...templateCss, ...routeCss])];
  const key = hrefs.join('|');
  let css = cache.get(key);
  if (css === undefined && readAsset) {
    const parts = hrefs.map((href) => readAsset(href));
    if (parts.every((part) => part !== undefined)) css = parts.join('\n').replace(/<\/style/gi, '<\\/style');
    if (css !== undefined && cache.size < 200) cache.set(key, css);
  }
  if (css === undefined) {
    // cannot read the files: plain links
    const links = routeCss.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`).join('');
    return { html, headExtra: links };
  }
  const out = html.replace(
    /<link rel="stylesheet"([^>]*)>/g,
    (_link, attributes: string) => `<link rel="stylesheet"${attributes} disabled>`,
  );
  const disabledRouteLinks = routeCss.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}" disabled>`).join('');
  return { html: out, headExtra: `<style>${css}</style>${disabledRouteLinks}` };
}
