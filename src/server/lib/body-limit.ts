import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';
import { HttpError } from './errors';

/** What any request body may weigh unless its route allows more (`allowBody`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const ALLOWANCE = Symbol('souk.bodyAllowance');

interface Allowance {
  maxBytes: number;
  /** the 413's detail, e.g. "The image is too large (8 MB at most)." */
  detail: string;
}

type MarkedHandler = MiddlewareHandler & { [ALLOWANCE]?: Allowance };

/** "64 KB", "8 MB": how a limit reads in a message. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/**
 * A route's own body limit, larger than the default: put it in the route's `middleware` (an
 * upload: `allowBody(IMAGE_MAX_BYTES, 'The image is too large (8 MB at most).')`). It does nothing
 * itself; `bodyLimits` finds it among the matched handlers before anything reads the body.
 */
export function allowBody(maxBytes: number, detail = `The request body is too large (${byteSize(maxBytes)} at most).`): MiddlewareHandler {
  const handler: MarkedHandler = async (_c, next) => {
    await next();
  };
  handler[ALLOWANCE] = { maxBytes, detail };
  return handler;
}

function allowanceOf(c: Context): Allowance | undefined {
  for (const route of matchedRoutes(c)) {
    // Routers mounted with .route() may wrap a handler; Hono keeps the original beside it.
    const handler = route.handler as MarkedHandler & { __COMPOSED_HANDLER?: MarkedHandler };
    const allowance = handler[ALLOWANCE] ?? handler.__COMPOSED_HANDLER?.[ALLOWANCE];
    if (allowance) return allowance;
  }
  return undefined;
}

/**
 * Every request body has a limit (docs/architecture.md): `defaultBytes` unless the matched route
 * allows more with `allowBody`. A declared Content-Length over the limit is refused before a
 * byte is read; a chunked body is read only up to the limit. Either way: 413 problem details,
 * and never more than the limit in memory.
 */
export function bodyLimits(defaultBytes = DEFAULT_BODY_LIMIT): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const allowance = allowanceOf(c) ?? {
      maxBytes: defaultBytes,
      detail: `The request body is too large (${byteSize(defaultBytes)} at most).`,
    };
    const tooLarge = () => new HttpError(413, allowance.detail, 'payload_too_large');
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      const length = Number(declared);
      if (!Number.isFinite(length) || length > allowance.maxBytes) {
        await body.cancel().catch(() => {});
        throw tooLarge();
      }
      return next();
    }
    // No length given: read at most the limit, keep it, and give the route the bytes read.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > allowance.maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    const buffer = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffer.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: buffer });
    return next();
  };
}
