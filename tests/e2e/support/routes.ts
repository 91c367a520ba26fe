import fs from 'node:fs';
import path from 'node:path';

const ROUTES_DIR = path.resolve('src/client/routes');

/**
 * Every page's address pattern, from the route files: `profile.help_.report.tsx` → `/profile/help/report`,
 * `workspace.events.index.tsx` → `/workspace/events`; a layout and its index page are one address.
 */
export function routePaths(): string[] {
  const paths = fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => file.endsWith('.tsx') && !file.startsWith('__') && !file.startsWith('-'))
    .map((file) => {
      const segments = file
        .slice(0, -'.tsx'.length)
        .split('.')
        .map((segment) => segment.replace(/_$/, ''))
        .filter((segment) => segment !== 'index');
      return `/${segments.join('/')}`;
    });
  return [...new Set(paths)].sort();
}
