// Bundles the server into dist/server/main.js; node_modules stay external (native addons).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

await build({
  // the render workers' thread (lib/ssr.ts) loads its own bundle, beside main.js
  entryPoints: { main: 'src/server/main.ts', 'ssr-worker': 'src/server/lib/ssr-worker.ts' },
  outdir: process.env.SERVER_OUT_DIR ?? 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  define: { __APP_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
console.log(`server built: ${process.env.SERVER_OUT_DIR ?? 'dist/server'}/main.js`);
