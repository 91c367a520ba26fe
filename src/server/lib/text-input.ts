import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError } from './errors';

const NUL = '\u0000';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || holdsNul(item, depth + 1));
}

/**
 * No text of ours holds a NUL character, and PostgreSQL cannot store one ("invalid byte sequence
 * for encoding UTF8: 0x00": a 500 the fuzz suite found on every route that looks an id up). One
 * guard for every API request: a NUL in the path, the query (%00) or a JSON body's strings or
 * keys is a 400, before any route sees it. (Headers cannot carry one: the HTTP parser refuses.)
 */
export function refuseNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes(NUL) || /%00/i.test(url)) throw new HttpError(400, 'The address holds a NUL character.', 'bad_request');
    if (c.req.raw.body && /^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return next(); // malformed JSON: the route's validator answers it
      }
      if (holdsNul(body)) throw new HttpError(400, 'The request holds a NUL character.', 'bad_request');
    }
    return next();
  };
}

/**
 * A query parameter with an empty value (`?userId=`, what a form or a client that serialises an
 * unset field sends) means "not given" on every route: it is taken out of the address before any
 * validator or handler reads it, so an optional filter is simply absent instead of an empty
 * string that a route might read as a value (an empty `userId` once answered 401).
 */
export function emptyQueryValuesAbsent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const params = [...url.searchParams];
    const given = params.filter(([, value]) => value !== '');
    if (given.length !== params.length) {
      url.search = new URLSearchParams(given).toString();
      // HonoRequest reads every query through `url`: this request's own value shadows the getter
      Object.defineProperty(c.req, 'url', { value: url.toString() });
    }
    return next();
  };
}
