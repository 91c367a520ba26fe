import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { problemSchema } from '../../shared/problem';
import { badRequest, fieldErrors } from './errors';

/**
 * The API contract (docs/architecture.md): every route is declared with
 * `createRoute` — its zod request schemas (validated on the way in: a 400 problem naming each
 * bad field) and its response schemas (the shared ones the client types its reads with) — on an
 * OpenAPIHono router made by `createRouter()`. The app serves the document at /api/openapi.json and a
 * reference at /api/docs (src/server/api/docs.ts). Only the server imports this file: the
 * OpenAPI metadata (`.openapi(...)`) never reaches the client's bundle.
 */
export { createRoute };

/** Request validation failures: a 400 problem with per-field `errors` (RFC 9457). */
const problemOnInvalidInput = (result: { success: true } | { success: false; error: z.ZodError }) => {
  if (!result.success) throw badRequest('Bad request – please check your input.', fieldErrors(result.error));
};

/** A router of the app: a Hono<AppEnv> whose routes declare their schemas (`.openapi(route, handler)`). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: problemOnInvalidInput });
}

export type Router = ReturnType<typeof createRouter>;

/** The one error shape of the API (RFC 9457), a named component of the document. */
const Problem = problemSchema.openapi('Problem', {
  description: 'RFC 9457 problem details (`application/problem+json`); `errors` names each invalid field.',
});

/** A JSON answer of `schema`; `name` makes it a component of the document (`#/components/schemas/{name}`). */
export function json<T extends z.ZodType>(schema: T, description: string, name?: string) {
  return { description, content: { 'application/json': { schema: name ? schema.openapi(name) : schema } } };
}

/** A required JSON request body of `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The `{id}` path parameter of a route about one record. */
export const idParam = z.object({ id: z.string().min(1).max(64) });

/** A non-JSON answer (an image, a script, a page) of one media type. */
export function media(type: string, description: string, format: 'binary' | 'text' = 'binary') {
  return {
    description,
    content: { [type]: { schema: format === 'binary' ? { type: 'string' as const, format: 'binary' } : { type: 'string' as const } } },
  };
}

const PROBLEMS = {
  400: 'Invalid input: `errors` names each field and what is wrong with it.',
  401: 'Not signed in (or the session has ended).',
  403: "You don't have permission: no active employment in this firm, a role without the permission, or the plan does not allow it (`code` plan_limit).",
  404: 'Not found.',
  409: 'Conflicts with what is already there.',
  413: 'The body is too large.',
  422: 'Understood but refused (e.g. a tier of another event, a holder who is not a friend): `code` says why.',
  429: 'Too many attempts: wait for `Retry-After` seconds.',
  503: 'Switched off (a feature flag) or not configured.',
} as const;

type ProblemStatus = keyof typeof PROBLEMS;
type ProblemResponse = { description: string; content: { 'application/problem+json': { schema: typeof Problem } } };

const problemResponse = (description: string): ProblemResponse => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

/** What any request may be answered whatever its route: a NUL or over-long value (400), a body over its limit (413). */
const EVERY_ROUTE = [400, 413] as const;

/**
 * The error answers of a route: the statuses it gives on purpose and those any route gives (400,
 * 413), plus `default` for the rest (403 cross-site, 415, 500), all as problem details.
 */
export function problems<const S extends ProblemStatus[]>(...statuses: S) {
  const responses: Record<string, ProblemResponse> = {
    default: problemResponse('Any other error (403 cross-site request, 415 not JSON, 500) as problem details.'),
  };
  for (const status of [...EVERY_ROUTE, ...statuses].sort()) responses[status] = problemResponse(PROBLEMS[status]);
  return responses as { [K in S[number]]: ProblemResponse } & { default: ProblemResponse };
}

/** The routes that need a signed-in user: the access-token cookie (see the `session` security scheme). */
export const SIGNED_IN = [{ session: [] }];

type Json = { [key: string]: unknown };

/** `get /api/public/firms/u/{username}` → `getPublicFirmsUByUsername` (the `/api` prefix is dropped). */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith('{') ? ['by', segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** Instants are ISO 8601 strings named `…At` or `…DateTime` (createdAt, startDateTime): marked `date-time`. */
const INSTANT = /(At|DateTime)$/;

function markInstants(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(markInstants);
  const properties = (node as Json).properties as Json | undefined;
  for (const [name, schema] of Object.entries(properties ?? {})) {
    if (!INSTANT.test(name)) continue;
    for (const variant of [schema, ...(((schema as Json).anyOf as Json[] | undefined) ?? [])]) {
      const type = (variant as Json).type;
      if (type === 'string' || (Array.isArray(type) && type.includes('string'))) (variant as Json).format ??= 'date-time';
    }
  }
  for (const value of Object.values(node)) markInstants(value);
}

/**
 * What the route declarations leave to the document as a whole: an operationId for every
 * operation, from its method and path (clients generate their function names from it), and
 * `format: date-time` on the instants.
 */
export function completeDocument<D extends object>(document: D): D {
  const { paths = {}, components } = document as { paths?: Json; components?: Json };
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item as Json)) (operation as Json).operationId ??= operationIdOf(method, path);
  }
  markInstants(components);
  markInstants(paths);
  return document;
}

/** Registers what the whole document shares (the cookie security scheme) on the app's router. */
export function describeApi(app: Router) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-souk_at',
    description: 'The access-token cookie set by a login (`souk_at` when COOKIE_SECURE=false); refreshed by POST /api/iam/auth/refresh.',
  });
}
