// Writes src/client/route-tree.gen.ts from the file routes, as the Vite plugin does during a
// build, so `tsc` can run before (and without) a build. Same options as vite.config.ts (ROUTER_OPTIONS),
// and the entry's tree without the signed-in sections (PUBLIC_ROUTER_OPTIONS: src/client/public-route-tree.gen.ts).
import { Generator, getConfig } from '@tanstack/router-generator';

const options = {
  target: 'react',
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/route-tree.gen.ts',
  quoteStyle: 'single',
};
await new Generator({ config: getConfig(options), root: process.cwd() }).run();
await new Generator({
  config: getConfig({
    ...options,
    generatedRouteTree: './src/client/public-route-tree.gen.ts',
    routeFileIgnorePattern: '^(workspace|profile|business|create-firm)[._]',
  }),
  root: process.cwd(),
}).run();
