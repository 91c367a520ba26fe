// Writes src/client/route-tree.gen.ts from the file routes, as the Vite plugin does during a
// build, so `tsc` can run before (and without) a build. Same options as vite.config.ts (ROUTER_OPTIONS),
// and the entry's tree without the signed-in sections (PUBLIC_ROUTER_OPTIONS: src/client/public-route-tree.gen.ts).
// Run with tsx (`npm run routes`): the list of signed-in sections is TypeScript, shared with vite.config.ts and the router.
import { Generator, getConfig } from '@tanstack/router-generator';
import { SIGNED_IN_ROUTE_FILE_PATTERN } from './signed-in-sections.ts';

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
    routeFileIgnorePattern: SIGNED_IN_ROUTE_FILE_PATTERN,
  }),
  root: process.cwd(),
}).run();
