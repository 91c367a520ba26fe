/**
 * Build time only (imported by vite.config.ts, never by the app): in the server-rendering build,
 * the modules whose functions the renderer writes into every page as inline scripts (their
 * `toString()`, ssr/deferred-scripts.ts) are minified. The server bundle is otherwise left as
 * written (readable stacks and profiles), so those functions kept their long parameter and local
 * names: 0.18 KB of the firm page's 12 KB brotli.
 */
import { minifySync, type Plugin } from 'vite';

/** The modules with functions inlined into the server HTML. */
const INLINED_MODULES = ['/src/client/lib/early-tap.ts', '/src/client/lib/install-prompt.ts', '/src/client/ssr/deferred-scripts.ts'];

export function inlineScriptsPlugin(): Plugin {
  return {
    name: 'souk-inline-scripts',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    // after the TypeScript transform: plain JavaScript in
    enforce: 'post',
    transform(code, id) {
      if (!INLINED_MODULES.some((suffix) => id.endsWith(suffix))) return null;
      // exports keep their names (top-level names are not mangled in a module); no `compress`: the
      // code stays the same statements, only shorter names and no whitespace or comments
      return { code: minifySync(id, code, { compress: false, mangle: true, module: true }).code, map: null };
    },
  };
}
