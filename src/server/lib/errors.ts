import type { z } from 'zod';
import type { Problem, ProblemExtensions } from '../../shared/problem';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

/** An error a route throws on purpose; `onError` turns it into problem details. */
export class HttpError extends Error {
  /** RFC 9457 extension members of the problem (e.g. the plans a refused creation names) */
  extensions?: ProblemExtensions;
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly code: string = CODES[status] ?? 'error',
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? TITLES[status] ?? 'Error');
  }
}

/** Per-field messages of a zod error keyed by dotted path (`_` for the whole body). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export const notFound = (detail = 'Resource not found.') => new HttpError(404, detail);
export const badRequest = (detail: string, errors?: Record<string, string[]>) => new HttpError(400, detail, 'validation_failed', errors);
/** @public the permission checks of the workspace */
export const forbidden = (detail = "You don't have permission.") => new HttpError(403, detail);
export const unauthenticated = (detail = "You're not authenticated.") => new HttpError(401, detail);

export function problem(
  status: number,
  detail?: string,
  code?: string,
  errors?: Record<string, string[]>,
  extensions?: ProblemExtensions,
): Problem {
  return {
    ...extensions,
    // one convention for every problem: `about:blank` with the HTTP status, `code` says which (validation_failed, …)
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    code: code ?? CODES[status] ?? 'error',
    ...(errors ? { errors } : {}),
  };
}
