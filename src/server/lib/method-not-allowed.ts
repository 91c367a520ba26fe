import type { RouterRoute } from 'hono/types';
import { PatternRouter } from 'hono/router/pattern-router';
import { HttpError } from './errors';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * For a request no route answered: the methods the same path does take. A wrong method on a real
 * path is then a 405 with `Allow` (RFC 9110), not a 404 that says the path does not exist.
 * The table is built once, on the first miss, from every route the app declared under `prefix`
 * (middleware registered for all methods does not count).
 */
export function methodsOfPath(routes: () => readonly RouterRoute[], prefix: string) {
  let router: PatternRouter<string> | undefined;
  const build = () => {
    const built = new PatternRouter<string>();
    for (const route of routes()) {
      if (route.method !== 'ALL' && route.path.startsWith(prefix)) built.add(route.method, route.path, route.method);
    }
    return built;
  };
  return (path: string): string[] => {
    router ??= build();
    const found = new Set<string>();
    for (const method of METHODS) if (router.match(method, path)[0].length) found.add(method);
    // Hono answers HEAD with the GET route
    if (found.has('GET')) found.add('HEAD');
    return METHODS.filter((method) => found.has(method));
  };
}

/** The 405 of a path that takes only `allowed`. */
export const methodNotAllowed = (method: string, allowed: string[]) =>
  new HttpError(405, `This address does not take ${method}.`, 'method_not_allowed', undefined, { Allow: allowed.join(', ') });
