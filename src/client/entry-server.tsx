/**
 * Server rendering of the public pages (ARCHITECTURE.md section 7, issue 4 item 8).
 *
 * Built with Vite's SSR build into dist/ssr/entry-server.js and loaded by src/server/main.ts.
 * For one request it makes a fresh QueryClient and router on a memory history, runs the matched
 * routes' loaders (they fill the query cache through `ensureQueryData`), renders the app to a
 * string into the built index.html, and sends along:
 *   - the router's dehydrated state (with the query cache, see router.tsx) as inline scripts
 *     carrying the per-response CSP nonce; src/client/main.tsx hydrates from it;
 *   - the head of the matched routes (`head()`: title, description, og:*, canonical, preloads),
 *     with a canonical url and Open Graph defaults when a route gives none;
 *   - the CSS and JS chunks of the matched routes (from the Vite manifest), so the page is styled
 *     at first paint and hydration does not wait for a chain of imports;
 *   - the language it rendered in and the translation namespaces it used, so the client
 *     initialises i18n identically before hydrating.
 *
 * The API is reached in-process: a relative `fetch('/api/...')` made while rendering goes to the
 * Hono app given to `createRenderer`, anonymously (server-rendered HTML is the public view; the
 * signed-in parts appear after hydration).
 *
 * Contract for pages that want rich previews: give the route a `head()` returning
 * `meta: [{ title }, { name: 'description', content }, { property: 'og:image', content }]` and,
 * when the url has a canonical spelling (e.g. the firm's username case),
 * `links: [{ rel: 'canonical', href }]`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { attachRouterServerSsrUtils, getSsrStatus } from '@tanstack/react-router/ssr/server';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import routeTreeSource from './route-tree.gen.ts?raw';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { deferScripts } from './deferred-scripts';
import { renderWithSessionStatus } from './lib/session';
import { initialSessionStatus } from '../shared/session-hint';
import { i18nOptions, LANGUAGE_COOKIE, loadAllNamespaces } from './lib/i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, languageDirection, normalizeLanguage, type Language } from '../shared/i18n';
import { isServerRenderedPath } from '../shared/server-rendered-paths';
import { APP_NAME } from '../shared/limits';

export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export interface RendererOptions {
  /** the built index.html */
  template: string;
  /** dist/client/.vite/manifest.json */
  manifest?: ViteManifest;
  /** absolute base of canonical and Open Graph urls */
  publicUrl: string;
  /** the app's own fetch (Hono `app.fetch`): the API calls made while rendering go here */
  fetchApi: (request: Request) => Response | Promise<Response>;
  /** the text of a built file (`/assets/x.css`), to inline the page's CSS */
  readAsset?: (urlPath: string) => string | undefined;
}

export type RenderResult =
  | { status: number; html: string }
  /** not rendered here: serve the plain client shell (the client renders it) */
  | null;

export type Render = (request: Request, nonce: string) => Promise<RenderResult>;

// ---------------------------------------------------------------------------------------------
// Which paths are rendered: the public pages (src/shared/server-rendered-paths.ts, which the
// service worker shares to keep those pages for repeat visits).

export { isServerRenderedPath };

// ---------------------------------------------------------------------------------------------
// Language: the cookie the client sets when the language changes, else Accept-Language, else en.

export function requestLanguage(request: Request): Language {
  const cookie = request.headers.get('cookie') ?? '';
  const fromCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  if (fromCookie) return normalizeLanguage(decodeURIComponent(fromCookie));
  const accept = request.headers.get('accept-language') ?? '';
  const ranked = accept
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}

type Resources = Record<string, Record<string, Record<string, unknown>>>;
let resourcesPromise: Promise<Resources> | undefined;

/** All translations of every language, loaded once per process (a few tens of kilobytes). */
function allResources(): Promise<Resources> {
  resourcesPromise ??= Promise.all(LANGUAGES.map(async (lang) => [lang, await loadAllNamespaces(lang)] as const)).then(
    async (entries) => {
      const resources = Object.fromEntries(entries) as Resources;
      // Code that calls the global i18next (outside React) gets English on the server.
      if (!i18next.isInitialized) {
        await i18next.use(initReactI18next).init({
          ...i18nOptions(DEFAULT_LANGUAGE, Object.keys(resources[DEFAULT_LANGUAGE] ?? {})),
          resources,
          initAsync: false,
        });
      }
      return resources;
    },
  );
  return resourcesPromise;
}

function i18nFor(language: Language, resources: Resources): I18n {
  const instance = i18next.createInstance();
  const namespaces = Object.keys(resources[language] ?? {});
  void instance.init({ ...i18nOptions(language, namespaces), resources, initAsync: false });
  return instance;
}

// ---------------------------------------------------------------------------------------------
// In-process API: relative fetches made while rendering go to the app, with this request's context.

const apiContext = new AsyncLocalStorage<RendererOptions['fetchApi']>();
let fetchPatched = false;

function patchFetch(): void {
  if (fetchPatched) return;
  fetchPatched = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const fetchApi = apiContext.getStore();
    if (fetchApi && typeof input === 'string' && input.startsWith('/')) {
      const headers = new Headers(init?.headers);
      headers.set('x-ssr', '1');
      return Promise.resolve(fetchApi(new Request(`http://ssr.internal${input}`, { ...init, headers, credentials: undefined })));
    }
    return networkFetch(input, init);
  };
}

// ---------------------------------------------------------------------------------------------
// Route chunks: routeId -> source file (from the generated route tree) -> built CSS and JS.

export function routeFilesById(source: string): Map<string, string> {
  const importByName = new Map<string, string>();
  for (const match of source.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)) {
    importByName.set(match[1], match[2]);
  }
  // `const ProfileIndexRoute = ProfileIndexRouteImport.update({ id: '/', …, getParentRoute: () => ProfileRoute })`:
  // a route's id is relative to its parent's, so the full id ('/profile/') joins them.
  const routes = new Map<string, { file?: string; id: string; parent: string }>();
  for (const match of source.matchAll(/const (\w+) = (\w+)\.update\(\{\s*id: '([^']+)',[^}]*?getParentRoute: \(\) => (\w+),/g)) {
    routes.set(match[1], { file: importByName.get(match[2]), id: match[3], parent: match[4] });
  }
  const fullId = (name: string): string => {
    const route = routes.get(name);
    return route ? fullId(route.parent) + route.id : '';
  };
  const files = new Map<string, string>();
  for (const [name, route] of routes) if (route.file) files.set(fullId(name), route.file);
  return files;
}

interface ChunkAssets {
  css: string[];
  modules: string[];
}

function collectChunk(manifest: ViteManifest, key: string, into: ChunkAssets, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  into.modules.push('/' + chunk.file);
  for (const css of chunk.css ?? []) into.css.push('/' + css);
  for (const imported of chunk.imports ?? []) collectChunk(manifest, imported, into, seen);
}

function routeAssets(manifest: ViteManifest | undefined, files: Map<string, string>, routeIds: string[]): ChunkAssets {
  const assets: ChunkAssets = { css: [], modules: [] };
  if (!manifest) return assets;
  const seen = new Set<string>();
  // what the entry already loads is already in index.html
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entryKey) collectChunk(manifest, entryKey, { css: [], modules: [] }, seen);
  for (const routeId of routeIds) {
    const file = files.get(routeId);
    if (!file) continue;
    const base = `src/client/routes/${file}`;
    for (const key of Object.keys(manifest)) {
      const [path, query] = key.split('?');
      if ((path === base || path.replace(/\.tsx?$/, '') === base) && (query === undefined || query.startsWith('tsr-split'))) {
        collectChunk(manifest, key, assets, seen);
      }
    }
  }
  return assets;
}

// ---------------------------------------------------------------------------------------------
// HTML

const escapeAttr = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

type Attrs = Record<string, unknown>;
const ATTR_NAMES: Record<string, string> = { charSet: 'charset', crossOrigin: 'crossorigin', httpEquiv: 'http-equiv', fetchPriority: 'fetchpriority', imageSrcSet: 'imagesrcset', imageSizes: 'imagesizes', hrefLang: 'hreflang' };

function attrs(values: Attrs): string {
  let out = '';
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false || key === 'children') continue;
    const name = ATTR_NAMES[key] ?? key;
    out += value === true || value === '' ? ` ${name}` : ` ${name}="${escapeAttr(String(value))}"`;
  }
  return out;
}

interface HeadMatch {
  meta?: Array<Attrs & { title?: string }>;
  links?: Attrs[];
}

const URL_PROPERTIES = new Set(['og:image', 'og:url', 'twitter:image']);

/** The head of the matched routes: deeper routes win per title / name / property, links add up. */
function headTags(matches: HeadMatch[], canonicalDefault: string, publicUrl: string) {
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
      }
      else if (!('script:ld+json' in meta)) otherMeta.push(meta);
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

function scriptTag(tag: { attrs?: Attrs; children?: string }): string {
  return `<script${attrs(tag.attrs ?? {})}>${tag.children ?? ''}</script>`;
}

/**
 * On a slow link every request before first paint costs a round trip and bandwidth the content
 * needs: the page's CSS (the entry's and the matched routes', a few kilobytes compressed) goes
 * inline, and the stylesheet links stay as `disabled` links, which load nothing but tell Vite's
 * chunk loader that the CSS is already on the page. The scripts come after the hero image
 * (deferred-scripts.ts).
 */
function inlineStyles(html: string, routeCss: string[], readAsset: RendererOptions['readAsset'], cache: Map<string, string>) {
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
  const out = html.replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="stylesheet"$1 disabled>');
  const disabledRouteLinks = routeCss.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}" disabled>`).join('');
  return { html: out, headExtra: `<style>${css}</style>${disabledRouteLinks}` };
}

// ---------------------------------------------------------------------------------------------

export function createRenderer(options: RendererOptions): Render {
  const { template, manifest, fetchApi } = options;
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const files = routeFilesById(routeTreeSource);
  const cssCache = new Map<string, string>();
  if (!/<div id="root"><\/div>/.test(template)) throw new Error('index.html has no empty <div id="root"></div>');
  patchFetch();
  void allResources();

  return async function render(request, nonce) {
    const url = new URL(request.url);
    if (!isServerRenderedPath(url.pathname)) return null;
    const resources = await allResources();
    const language = requestLanguage(request);
    const i18n = i18nFor(language, resources);

    return apiContext.run(fetchApi, async () => {
      const queryClient = createQueryClient();
      const router = createAppRouter(queryClient, {
        nonce,
        history: createMemoryHistory({ initialEntries: [url.pathname + url.search] }),
        origin: publicUrl,
      });
      attachRouterServerSsrUtils({ router, manifest: undefined });
      const serverSsr = router.serverSsr!;
      try {
        await router.load();
        const status = getSsrStatus(router);
        const matches = router.stores.matches.get();
        // Redirects and failed loaders: the client does the same on its own; serve the shell.
        const serverResult = (router as unknown as { _serverResult?: { type: string } })._serverResult;
        if (serverResult?.type !== 'render' || matches.some((match) => match.status === 'error')) return null;

        await serverSsr.dehydrate();
        // Query data is settled (loaders awaited it), so serialisation finishes at once.
        await new Promise((resolve) => setImmediate(resolve));
        const hydration = serverSsr.takeInitialHydrationScriptTags();
        if (!hydration) return null;

        // Signed-out visitors (no session hint, no refresh cookie) get the signed-out pages, e.g. the
        // landing instead of a loading indicator; the client starts from the same cookie.
        const sessionStatus = initialSessionStatus(request.headers.get('cookie'));
        const appHtml = renderWithSessionStatus(sessionStatus, () =>
          renderToString(
            <I18nextProvider i18n={i18n}>
              <QueryClientProvider client={queryClient}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </I18nextProvider>,
          ),
        );
        serverSsr.setRenderFinished();
        const usedNamespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];

        const head = headTags(
          matches as HeadMatch[],
          publicUrl + (url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, '')),
          publicUrl,
        );
        const assets = routeAssets(manifest, files, matches.map((match) => match.routeId));
        const styled = inlineStyles(template, assets.css, options.readAsset, cssCache);
        const headHtml =
          head.tags +
          styled.headExtra +
          assets.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`).join('');

        let html = styled.html.replace(/<html[^>]*>/, `<html lang="${language}" dir="${languageDirection(language)}">`);
        if (head.hasDescription) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
        html = head.hasTitle
          ? html.replace(/<title>[\s\S]*?<\/title>/, headHtml)
          : html.replace(/(<\/title>)/, `$1${headHtml}`);
        const scripts = hydration.before.map(scriptTag).join('');
        html = html.replace(
          '<div id="root"></div>',
          `<div id="root" data-ssr="" data-ssr-session="${sessionStatus}" data-ssr-lang="${language}" data-ssr-ns="${escapeAttr(usedNamespaces.join(','))}">${appHtml}</div>${scripts}`,
        );
        return { status, html: deferScripts(html, nonce) };
      } finally {
        serverSsr.cleanup();
        queryClient.clear();
      }
    });
  };
}
