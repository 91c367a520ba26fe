import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../../app-env';
import { HttpError } from '../../lib/errors';
import { FailureLimiter, RequestCap } from '../../lib/rate-limit';
import type { ClientMeta } from './sessions.service';

/** 5 failures per email and IP, then 429 for 15 minutes; a success clears the count. */
export const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** every auth attempt of one IP, successful or not */
export const IP_CAP = 300;
const IP_CAP_WINDOW_MS = 5 * 60_000;

/** The caller's address (the socket's) and user agent, as a login records them. */
export function clientMeta(c: Context<AppEnv>): ClientMeta {
  let ip = '';
  try {
    ip = getConnInfo(c).remote.address ?? '';
  } catch {
    ip = '';
  }
  return { ip: ip.replace(/^::ffff:/, '') || 'unknown', userAgent: c.req.header('user-agent') ?? '' };
}

function tooMany(retryAfter: number) {
  return new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', 'rate_limited', undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** The rate limits of the auth routes: a cap per IP, and failures per email and IP. */
export function createAuthGuards(clock: () => Date) {
  const failures = new FailureLimiter(MAX_FAILURES, FAILURE_WINDOW_MS, () => clock().getTime());
  const ipCap = new RequestCap(IP_CAP, IP_CAP_WINDOW_MS, () => clock().getTime());

  const capped: MiddlewareHandler<AppEnv> = async (c, next) => {
    const verdict = ipCap.take(`ip:${clientMeta(c).ip}`);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    await next();
  };

  /** Runs an attempt under the per-email+IP failure limit: 429 once it is spent. */
  async function limited<T>(
    c: Context<AppEnv>,
    kind: string,
    email: string,
    attempt: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ) {
    const key = `${kind}:${email}:${clientMeta(c).ip}`;
    const verdict = failures.check(key);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    try {
      const result = await attempt();
      failures.reset(key);
      return result;
    } catch (error) {
      if (isFailure(error)) failures.fail(key);
      throw error;
    }
  }

  /** Like `limited`, but every accepted attempt counts (each one sends a mail). */
  async function throttled(c: Context<AppEnv>, kind: string, email: string, attempt: () => Promise<void>) {
    const key = `${kind}:${email}:${clientMeta(c).ip}`;
    const verdict = failures.check(key);
    if (!verdict.allowed) throw tooMany(verdict.retryAfter);
    await attempt();
    failures.fail(key);
  }

  return { capped, limited, throttled };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** A wrong or spent email code counts as a failed attempt. */
export const failedCode = (error: unknown) => error instanceof HttpError && error.code === 'invalid_code';
/** A wrong email or password counts as a failed attempt. */
export const failedLogin = (error: unknown) => error instanceof HttpError && error.code === 'invalid_credentials';
