import { errorText, statusMessageKey } from '../../shared/error-catalogue';
import { i18next } from './i18n';
import type { SessionUser } from '../../shared/user';

/** The request header of the interceptor rules that sends a call without credentials. */
export const SKIP_CREDENTIALS_HEADER = 'X-Skip-Credentials';
/**
 * The retry marker of the dashboard 401 rule: a dashboard call carrying it is not
 * intercepted again (the current-firm re-fetch the rule runs carries it, so it cannot recurse).
 */
export const DASHBOARD_RETRY_HEADER = 'X-Dashboard-Retry';

/**
 * The error object: status, message (per the error catalogue), code, raw, and
 * `toasted`, set by the one toast rule (lib/query-client.ts) when it showed the message.
 */
export class ApiError extends Error {
  toasted = false;
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly raw: unknown,
    /** seconds to wait before trying again (a 429's Retry-After) */
    readonly retryAfter?: number,
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
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The auth calls that must never trigger a refresh on 401 (they are how one signs in). */
const NO_REFRESH = ['/api/iam/auth/refresh', '/api/iam/auth/logout', '/api/iam/login/', '/api/iam/signup/', '/api/iam/password/'];
const REFRESH_PATH = '/api/iam/auth/refresh';
const isDashboardCall = (path: string) => path.startsWith('/api/dashboard');

interface SessionHooks {
  /** told the outcome of every refresh: the user it answered, or null when it failed */
  onRefreshed(user: SessionUser | null): void;
  /** false when the session store knows nobody is signed in (no point refreshing) */
  canRefresh(): boolean;
}
let sessionHooks: SessionHooks = { onRefreshed: () => {}, canRefresh: () => true };

/** The session store plugs in here (lib/session.ts); the client itself knows nothing of users. */
export function configureSessionHooks(hooks: Partial<SessionHooks>): void {
  sessionHooks = { ...sessionHooks, ...hooks };
}

let refreshing: Promise<boolean> | null = null;
/** bumped by every successful refresh: a request sent before it may simply be retried */
let refreshGeneration = 0;

/**
 * Across tabs: the cookies are shared, so one refresh serves every tab. The Web Locks API makes
 * tabs take turns; a tab that gets the lock after another one refreshed (the time is kept in
 * localStorage, written before the lock is released) does not refresh again. Without Web Locks,
 * a BroadcastChannel tells the other tabs that a refresh is under way and how it ended, and they
 * wait for it. Two refreshes that still cross are answered alike by the server's grace window.
 */
const REFRESH_LOCK = 'souk-token-refresh';
const REFRESHED_AT_KEY = 'souk-token-refreshed-at';
const OTHER_TAB_WAIT_MS = 10_000;
type RefreshMessage = { type: 'refreshing' } | { type: 'refreshed'; ok: boolean; at: number };
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(REFRESH_LOCK);
let otherTab: { since: number; done: Promise<boolean>; settle(ok: boolean): void } | null = null;
channel?.addEventListener('message', (event: MessageEvent<RefreshMessage>) => {
  if (event.data?.type === 'refreshing') {
    let settle!: (ok: boolean) => void;
    const done = new Promise<boolean>((resolve) => (settle = resolve));
    otherTab = { since: Date.now(), done, settle };
  } else if (event.data?.type === 'refreshed') {
    if (event.data.ok) refreshGeneration += 1;
    otherTab?.settle(event.data.ok);
    otherTab = null;
  }
});

function lastRefreshedAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks?.request ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

/**
 * Refreshes the session cookies, single-flight in this tab and across tabs: while one refresh
 * runs every caller waits for its result; a failure releases the flag and signals false (spec
 * section 4).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const askedAt = Date.now();
    try {
      return await withRefreshLock(async () => {
        // Another tab refreshed while this one waited: the shared cookies are already new.
        if (lastRefreshedAt() >= askedAt) return true;
        if (otherTab && Date.now() - otherTab.since < OTHER_TAB_WAIT_MS) {
          const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), OTHER_TAB_WAIT_MS));
          if (await Promise.race([otherTab.done, timeout])) return true;
        }
        channel?.postMessage({ type: 'refreshing' } satisfies RefreshMessage);
        const ok = await refreshOnce();
        if (ok) {
          try {
            localStorage.setItem(REFRESHED_AT_KEY, String(Date.now()));
          } catch {
            // storage unavailable (private mode): the lock alone keeps tabs in turn
          }
        }
        channel?.postMessage({ type: 'refreshed', ok, at: Date.now() } satisfies RefreshMessage);
        return ok;
      });
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function refreshOnce(): Promise<boolean> {
  try {
    const response = await fetch(REFRESH_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      sessionHooks.onRefreshed(null);
      return false;
    }
    const body = (await response.json().catch(() => undefined)) as { success?: boolean; user?: SessionUser } | undefined;
    if (!body?.success || !body.user) {
      sessionHooks.onRefreshed(null);
      return false;
    }
    refreshGeneration += 1;
    sessionHooks.onRefreshed(body.user);
    return true;
  } catch {
    // offline or the server is away: the session is not known to be over
    return false;
  }
}

let dashboardRecovery: (() => Promise<unknown>) | null = null;

/**
 * The workspace registers how to re-fetch the current firm; a dashboard call answered 401
 * runs it once (after a token refresh) and is retried once.
 */
export function setDashboardRecovery(recover: (() => Promise<unknown>) | null): void {
  dashboardRecovery = recover;
}

/**
 * The one HTTP client: credentials on every call (unless skipped), JSON in and out, the
 * interceptor rules (refresh once on 401 and retry, concurrent callers wait;
 * dashboard calls re-fetch the current firm once), and every failure turned into an ApiError with
 * the error catalogue's message. It shows nothing itself: a failed query or mutation is toasted by
 * the one rule in lib/query-client.ts (unless its `meta.suppressToast` or a 401); the few direct
 * calls (the auth flows, check-session, logout) report their outcome themselves.
 *
 * Answers are typed with the types of the shared zod schemas (`apiRequest<FirmDetail>`)
 * but not parsed again here: a server test holds the real answers to those schemas
 * (response-contracts.test.ts), and parsing every read on a phone would put zod (25 KB gzip) and
 * its CPU time on the critical path of every public page.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const skipCredentials = headers[SKIP_CREDENTIALS_HEADER] === 'true';
  delete headers[SKIP_CREDENTIALS_HEADER];
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const send = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: skipCredentials ? 'omit' : 'include',
      signal: options.signal,
    });

  let response: Response;
  try {
    const generation = refreshGeneration;
    response = await send();
    if (response.status === 401 && !skipCredentials) {
      if (isDashboardCall(path)) {
        // this branch runs once per call (the retry is not intercepted again), never for a call
        // that is itself the rule's re-fetch (the retry marker)
        if (!headers[DASHBOARD_RETRY_HEADER] && (await recoverDashboard())) response = await send();
      } else if (!NO_REFRESH.some((prefix) => path.startsWith(prefix))) {
        let refreshed: boolean;
        if (refreshing) refreshed = await refreshing;
        else if (generation !== refreshGeneration)
          refreshed = true; // refreshed while this was in flight
        else refreshed = sessionHooks.canRefresh() ? await refreshSession() : false;
        if (refreshed) response = await send();
      }
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw failure(0, undefined);
  }
  const text = await response.text();
  const parsed = text ? safeJson(text) : undefined;
  if (!response.ok) throw failure(response.status, parsed, Number(response.headers.get('retry-after')) || undefined);
  return parsed as T;
}

/** A read whose 404 means "there is none" (an unknown firm, event or person): null instead of a failure. */
export async function nullIfNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function recoverDashboard(): Promise<boolean> {
  const refreshed = refreshing ? await refreshing : await refreshSession();
  if (!refreshed) return false;
  if (dashboardRecovery) {
    try {
      await dashboardRecovery();
    } catch {
      return false;
    }
  }
  return true;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(status: number, body: unknown, retryAfter?: number): ApiError {
  const message = errorText(body) ?? i18next.t(statusMessageKey(status), { ns: 'common' });
  const code = body && typeof body === 'object' ? (body as { code?: string }).code : undefined;
  return new ApiError(status, message, code, body, retryAfter);
}
