import * as z from 'zod/mini';

/**
 * The search params of the routes, validated with zod's tree-shakable `zod/mini` build: every
 * route's search validation is in the entry chunk (the route tree loads it), where the classic
 * build would add 25 KB gzip. A value that fails its check is dropped, never an error page.
 */
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/** /login and /signup: where to go afterwards, and a legal page to open over the form. */
export const authSearchSchema = z.object({
  go: lenient(z.string().check(z.maxLength(2000))),
  view: lenient(z.enum(['privacy', 'terms'])),
});

/** /password: the reset link's email and six-digit code. */
export const passwordSearchSchema = z.object({
  email: lenient(z.string().check(z.maxLength(254))),
  code: lenient(z.string().check(z.regex(/^\d{6}$/))),
});

/** /maintenance?feature=: the switched-off action. */
export const maintenanceSearchSchema = z.object({
  feature: lenient(z.string().check(z.trim(), z.maxLength(60))),
});

/** Paged lists (`?page=N`, one-based). */
export const pagedSearchSchema = z.object({
  page: lenient(z.int().check(z.minimum(1))),
});

/** The explore pages' filters. */
export const exploreSearchSchema = z.object({
  name: lenient(z.string().check(z.maxLength(100))),
  openNow: lenient(z.boolean()),
  age: lenient(z.int().check(z.minimum(0), z.maximum(150))),
  page: lenient(z.int().check(z.minimum(1), z.maximum(10_000))),
});

/** /search: the term, one kind of result, and its page (one-based). */
export const searchSearchSchema = z.object({
  q: lenient(z.string().check(z.trim(), z.maxLength(100))),
  type: lenient(z.enum(['firms', 'dishes', 'products', 'events', 'posts'])),
  page: lenient(z.int().check(z.minimum(1), z.maximum(10_000))),
});
