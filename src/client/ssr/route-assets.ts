/**
 * The built files of each route beyond the entry, by route id, and of each translation namespace and date
 * locale (by the ids below): written at build time next to the server-rendering bundle
 * (route-chunks-plugin.ts, dist/ssr/route-chunks.json) and given to the renderer by src/server/lib/ssr.ts.
 */
export type RouteChunks = Record<string, { js: string[]; css: string[] }>;

/** The id of a translation file's chunk: the page preloads the namespaces it was rendered with. */
export const translationChunkId = (language: string, namespace: string) => `translations:${language}/${namespace}`;

/** The id of a language's date-fns locale chunk (none for English, which the entry has). */
export const dateLocaleChunkId = (language: string) => `date-locale:${language}`;

/**
 * The CSS and JS of the matched routes (and of the page's translations), in order, each file once: the CSS is
 * inlined and the scripts preloaded, so the page is styled at first paint and hydration does not wait for a
 * chain of imports.
 */
export function routeAssets(chunks: RouteChunks | undefined, routeIds: string[]): { css: string[]; modules: string[] } {
  const css = new Set<string>();
  const modules = new Set<string>();
  for (const routeId of routeIds) {
    const route = chunks?.[routeId];
    route?.css.forEach((file) => css.add(file));
    route?.js.forEach((file) => modules.add(file));
  }
  return { css: [...css], modules: [...modules] };
}
