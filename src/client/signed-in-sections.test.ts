import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_PATH, SIGNED_IN_ROUTE_FILE_PATTERN, SIGNED_IN_SECTIONS } from './signed-in-sections';

const ROUTES = path.resolve(__dirname, 'routes');

interface RouteFile {
  /** relative to src/client/routes: `workspace.orders.tsx`, `wallet/index.tsx` */
  name: string;
  code: string;
}

/** The top-level section of a route file (`workspace.orders.tsx`, `profile_.x.tsx`, `wallet/index.tsx`). */
const sectionOf = (name: string) => name.split(/[./_]/)[0];

/**
 * The sections with a route file that requires a signed-in user (its guard, `requireSignedIn`) but that are not in
 * SIGNED_IN_SECTIONS: their declarations would go to every visitor's entry, and the router would not load the whole
 * tree before them. Files starting with `-` or `__` are not routes of a section.
 */
function unlistedSignedInSections(files: RouteFile[], listed: readonly string[] = SIGNED_IN_SECTIONS): string[] {
  const sections = files
    .filter((file) => !/^(-|__)/.test(file.name) && /\brequireSignedIn\b/.test(file.code))
    .map((file) => sectionOf(file.name));
  return [...new Set(sections)].filter((section) => !listed.includes(section)).sort();
}

function routeFiles(): RouteFile[] {
  return readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ name: name.split(path.sep).join('/'), code: readFileSync(path.join(ROUTES, name), 'utf8') }));
}

describe('the signed-in sections', () => {
  it('list every route section whose pages require a signed-in user', () => {
    expect(unlistedSignedInSections(routeFiles())).toEqual([]);
  });

  it('would fail for a new signed-in section (a directory or a flat file) that is not listed', () => {
    const files = [
      ...routeFiles(),
      { name: 'wallet/index.tsx', code: "export const Route = createFileRoute('/wallet/')({ beforeLoad: requireSignedIn });" },
      { name: 'studio.tsx', code: 'beforeLoad: async ({ location }) => { await requireSignedIn({ location }); }' },
    ];
    expect(unlistedSignedInSections(files)).toEqual(['studio', 'wallet']);
  });

  it('has no stale entry: each listed section has its route files', () => {
    const sections = new Set(routeFiles().map((file) => sectionOf(file.name)));
    for (const section of SIGNED_IN_SECTIONS) expect(sections.has(section), `${section} has route files`).toBe(true);
  });

  it('gives the patterns the generator, the bundler and the router use', () => {
    const ignored = new RegExp(SIGNED_IN_ROUTE_FILE_PATTERN);
    expect(ignored.test('workspace.orders.index.tsx')).toBe(true);
    expect(ignored.test('profile.tsx')).toBe(true);
    expect(ignored.test('create-firm.tsx')).toBe(true);
    expect(ignored.test('profiles.tsx')).toBe(false);
    expect(ignored.test('profile_.x.tsx')).toBe(true);
    expect(ignored.test('explore.tsx')).toBe(false);
    expect(SIGNED_IN_PATH.test('/workspace/orders')).toBe(true);
    expect(SIGNED_IN_PATH.test('/profile')).toBe(true);
    expect(SIGNED_IN_PATH.test('/profiles')).toBe(false);
    expect(SIGNED_IN_PATH.test('/explore')).toBe(false);
  });
});
