import { errorText, statusMessageKey } from '../../shared/error-catalogue';
import { i18next } from './i18n';
import { toast } from './toast-store';

/** Request headers of the interceptor rules (spec section 7). */
export const SKIP_CREDENTIALS_HEADER = 'X-Skip-Credentials';
export const SUPPRESS_TOAST_HEADER = 'X-Suppress-Toast';

/** The error object of spec section 3: status, message, code, raw, toasted. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly raw: unknown,
    readonly toasted: boolean,
  ) {
    super(message);
  }
  get fieldErrors(): Record<string, string[]> | undefined {
    return (this.raw as { errors?: Record<string, string[]> } | undefined)?.errors;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** don't toast the error (the caller shows its own message) */
  suppressToast?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The one HTTP client: credentials on every call (unless skipped), JSON in and out, and every
 * failure turned into an ApiError that is toasted per the error catalogue unless suppressed or 401.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const skipCredentials = headers[SKIP_CREDENTIALS_HEADER] === 'true';
  const suppress = options.suppressToast || headers[SUPPRESS_TOAST_HEADER] === 'true';
  delete headers[SKIP_CREDENTIALS_HEADER];
  delete headers[SUPPRESS_TOAST_HEADER];
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: skipCredentials ? 'omit' : 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw failure(0, undefined, suppress);
  }
  const text = await response.text();
  const parsed = text ? safeJson(text) : undefined;
  if (!response.ok) throw failure(response.status, parsed, suppress);
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(status: number, body: unknown, suppress: boolean): ApiError {
  const message = errorText(body) ?? i18next.t(statusMessageKey(status), { ns: 'common' });
  const shouldToast = !suppress && status !== 401;
  if (shouldToast) toast.error(message);
  const code = body && typeof body === 'object' ? (body as { code?: string }).code : undefined;
  return new ApiError(status, message, code, body, shouldToast);
}
