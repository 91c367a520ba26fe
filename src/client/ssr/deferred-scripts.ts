import { captureEarlyTaps, EARLY_TAP_ATTRIBUTE, LIVE_ATTRIBUTE, TAP_QUEUE } from '../lib/early-tap';
import { captureInstallPrompt, INSTALL_PROMPT } from '../lib/install-prompt';
/**
 * Server-rendered pages load their JavaScript after the hero image.
 *
 * The server HTML already is the page (links work as plain navigations); the scripts only hydrate
 * it. On a 3G link (400 kbps) the ~170 KB of scripts would share the bandwidth with the hero image
 * the visitor is waiting for and push its paint back by a second or more. So the server HTML
 * carries no `<script src>` and no `<link rel="modulepreload">`: an inline script (with the
 * response's CSP nonce) adds them once the page's priority image has loaded or failed, after
 * `MAX_WAIT_MS` at the latest, and at once when the page has no priority image or it is already
 * there (from the service worker's cache). The page's full stylesheets are enabled at the same moment.
 */
import { replaceOnce } from './html';

export const MAX_WAIT_MS = 3000;

const MODULE_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * A function's source as an inline script carries it: the SSR bundle is not minified, so its text
 * kept the indentation, blank lines and whole-line comments (1.8 KB of each page's inline scripts).
 * Only for the functions below, whose sources have no string spanning lines. Made once per process.
 */
export function compactSource(fn: (...args: never[]) => unknown): string {
  return fn
    .toString()
    .replace(/^[ \t]*\/\/.*$/gm, '')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{2,}/g, '\n');
}

let sources: { loader: string; capture: string; install: string } | undefined;

/** Moves the module scripts and preloads of `html` into one loader script before `</body>`. */
export function deferScripts(html: string, nonce: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  if (entries.length === 0) return html;
  const stripped = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  sources ??= {
    loader: compactSource(loadAfterHeroImage),
    capture: compactSource(captureEarlyTaps),
    install: compactSource(captureInstallPrompt),
  };
  const loader = `<script nonce="${nonce}">(${sources.loader})(${JSON.stringify(entries)},${JSON.stringify(preloads)},${MAX_WAIT_MS})</script>`;
  // Taps on Follow, Save, Share… before the scripts have come are kept and replayed (lib/early-tap.ts).
  const capture = `<script nonce="${nonce}">(${sources.capture})(${JSON.stringify(EARLY_TAP_ATTRIBUTE)},${JSON.stringify(LIVE_ATTRIBUTE)},${JSON.stringify(TAP_QUEUE)});(${sources.install})(${JSON.stringify(INSTALL_PROMPT)})</script>`;
  return replaceOnce(replaceOnce(stripped, '</head>', `${capture}</head>`), '</body>', `${loader}</body>`);
}

/** Runs in the browser, inline: keep it plain and self-contained. */
function loadAfterHeroImage(entries: string[], preloads: string[], maxWaitMs: number) {
  let started = false;
  const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const name of Object.keys(attributes)) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  };
  const start = () => {
    if (started) return;
    started = true;
    // the full stylesheets (the page came with only the rules its markup uses: inline-styles.ts)
    document.querySelectorAll('link[rel="stylesheet"][disabled]').forEach((link) => link.removeAttribute('disabled'));
    for (const href of preloads) add('link', { rel: 'modulepreload', crossorigin: '', href });
    for (const src of entries) add('script', { type: 'module', crossorigin: '', src });
  };
  const hero = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!hero || hero.complete) return start();
  hero.addEventListener('load', start);
  hero.addEventListener('error', start);
  setTimeout(start, maxWaitMs);
}
