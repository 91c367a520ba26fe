import { SEARCH_TYPES, type SearchType } from '../../shared/search-kinds';

/**
 * The search params of the public routes, parsed by hand: every public route's search validation is in the
 * entry chunk (the route tree loads it), and a validation library there would cost about 14 KB gzip for a
 * handful of small objects. The signed-in sections' are in signed-in-search-params.ts, out of the entry. The router has already JSON-parsed each value (`?page=2` is the number 2,
 * `?openNow=true` the boolean). A value that fails its check is dropped, never an error page.
 */
export type Search = Record<string, unknown>;

/** A string of at most `max` characters (after trimming when asked), else undefined. */
export function str(value: unknown, max: number, trim = false): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length <= max ? text : undefined;
}

/** An integer within [min, max], else undefined. */
export function int(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** One of `options`, else undefined. */
export function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

/** Every key optional, never present as undefined. */
export type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drops the keys whose value is undefined, so links do not grow empty params. */
export function defined<T extends object>(search: T): Defined<T> {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as Defined<T>;
}

/** /login and /signup: where to go afterwards, and a legal page to open over the form. */
export const authSearch = (s: Search) => defined({ go: str(s.go, 2000), view: oneOf(s.view, ['privacy', 'terms'] as const) });

/** /password: the reset link's email and six-digit code. */
export const passwordSearch = (s: Search) =>
  defined({
    email: str(s.email, 254),
    code: typeof s.code === 'string' && /^\d{6}$/.test(s.code) ? s.code : undefined,
  });

/** /bookings/manage?token=: a booking's signed link. */
export const bookingLinkSearch = (s: Search) => defined({ token: str(s.token, 200) });

/** /maintenance?feature=: the switched-off action. */
/** An event's page opened on a tier's purchase (a waitlist offer's link: `?tier=<id>`). */
export const eventSearch = (s: Search) => defined({ tier: str(s.tier, 64, true) });

export const maintenanceSearch = (s: Search) => defined({ feature: str(s.feature, 60, true) });

/** Paged lists (`?page=N`, one-based). */
export const pagedSearch = (s: Search) => defined({ page: int(s.page, 1) });

/** The explore pages' filters. */
export const exploreSearch = (s: Search) =>
  defined({
    name: str(s.name, 100),
    openNow: typeof s.openNow === 'boolean' ? s.openNow : undefined,
    age: int(s.age, 0, 150),
    page: int(s.page, 1, 10_000),
  });

/** /search: the term, one kind of result, and its page (one-based). */
export const searchSearch = (s: Search): Defined<{ q: string; type: SearchType; page: number }> =>
  defined({ q: str(s.q, 100, true), type: oneOf(s.type, SEARCH_TYPES), page: int(s.page, 1, 10_000) });
