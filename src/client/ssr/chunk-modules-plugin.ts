/**
 * Build time only (imported by vite.config.ts, never by the app): `.vite/chunk-modules.json` next to
 * the manifest, each built JS file → the source modules in it (relative to the root). The manifest
 * names only a chunk's own module; the size budget test (tests/e2e/budget.spec.ts) reads this to
 * prove that no workspace or editor module ever reaches a public page's files, wherever the bundler
 * puts it.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export function chunkModulesPlugin(): Plugin {
  let root = process.cwd();
  let ssr = false;
  return {
    name: 'souk-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const out: Record<string, string[]> = {};
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        out[file] = item.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => path.relative(root, id.split('?')[0]));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(out) });
    },
  };
}
