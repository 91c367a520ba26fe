// Writes src/client/route-tree.gen.ts from the file routes, as the Vite plugin does during a
// build, so `tsc` can run before (and without) a build. Same options as vite.config.ts (ROUTER_OPTIONS).
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({
  target: 'react',
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/route-tree.gen.ts',
  quoteStyle: 'single',
});
await new Generator({ config, root: process.cwd() }).run();
