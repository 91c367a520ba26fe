import { afterAll, describe, expect, it } from 'vitest';
import type { AuthzRows } from '../testing/authorization';
import { ACTORS, useWorkspace } from '../testing/workspace-fixtures';

/**
 * The authorization matrix (docs/architecture.md): every route under /api/dashboard and
 * /api/business, and the bookings' public and member routes (a signed link or the member is their
 * whole authority) × {anonymous, signed-in stranger, staff, manager, owner, owner of another firm},
 * each cell's status asserted against the table the modules declare (`<area>.authz.ts`). A route
 * without a row fails the first test, so nobody adds an endpoint without deciding who may call it.
 */
const declared: AuthzRows = {};
for (const [file, module] of Object.entries(import.meta.glob<{ rows: AuthzRows }>('../modules/**/*.authz.ts', { eager: true }))) {
  for (const [route, row] of Object.entries(module.rows)) {
    if (declared[route]) throw new Error(`${route} is declared twice (again in ${file})`);
    declared[route] = row;
  }
}

const WORKSPACE_BASES = /^\/api\/((dashboard|business)(\/|$)|(public|user)\/bookings(\/|$))/;
const workspace = useWorkspace();

/** Every route under those bases the app registers, named as the OpenAPI document names it. */
function registered(): string[] {
  const routes = new Set<string>();
  for (const route of workspace.ctx.app.routes) {
    if (route.method === 'ALL' || !WORKSPACE_BASES.test(route.path)) continue;
    routes.add(`${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`);
  }
  return [...routes].sort();
}

let asserted = 0;

describe('the authorization matrix', () => {
  it('has a row for every workspace route, and a route for every row', () => {
    const routes = registered();
    expect(
      routes.filter((route) => !declared[route]),
      'routes without a row in a module’s .authz.ts',
    ).toEqual([]);
    expect(
      Object.keys(declared).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(0);
  });

  for (const [route, row] of Object.entries(declared).sort(([a], [b]) => a.localeCompare(b))) {
    const method = route.slice(0, route.indexOf(' '));
    for (const actor of ACTORS) {
      it(`${route} as ${actor} → ${row.expect[actor]}`, async () => {
        const { path, body, headers } = await row.request(workspace, actor);
        const response = await workspace.as(actor, path, {
          method,
          headers,
          body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        });
        const text = await response.text();
        expect(response.status, `${route} as ${actor}: ${text.slice(0, 300)}`).toBe(row.expect[actor]);
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toBe('application/problem+json');
          // a refusal never carries the firm's data
          expect(text).not.toContain('"firm"');
        }
        if (response.status === 403) expect(JSON.parse(text).detail).toMatch(/permission|plan/);
        await row.after?.(workspace, actor);
        asserted += 1;
      });
    }
  }

  afterAll(() => {
    // 100 % of the cells: every declared route × every actor was asserted (when the whole file ran)
    const cells = Object.keys(declared).length * ACTORS.length;
    if (asserted > 0 && asserted !== cells) throw new Error(`asserted ${asserted} of ${cells} cells`);
  });
});
