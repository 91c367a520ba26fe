import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { clientAddress } from '../../lib/client-address';
import { HttpError } from '../../lib/errors';
import { consumeAll, createRateLimiter, tooManyRequests, type RateLimitStore } from '../../lib/rate-limit';
import type { ClientMeta } from './sessions.service';

const MINUTE = 60_000;
/** 5 failures per email and address, then 429 for the rest of 15 minutes; a success clears the count. */
export const MAX_FAILURES = 5;
/** failures per account from any address (a spread-out guess at one account), for unknown devices */
export const ACCOUNT_MAX_FAILURES = 20;
const FAILURE_WINDOW_MS = 15 * MINUTE;
/** every auth attempt of one address, successful or not */
export const IP_CAP = 300;
const IP_CAP_WINDOW_MS = 5 * MINUTE;
/** mails asked for one email from any address (each start sends one) */
const ACCOUNT_MAILS = 10;

/** The caller's address (`clientAddress`, TRUST_PROXY) and user agent, as a login records them. */
export function clientMeta(c: Context<AppEnv>): ClientMeta {
  return { ip: clientAddress(c), userAgent: c.req.header('user-agent') ?? '' };
}

/**
 * The rate limits of the auth routes: a cap on every attempt per address; failures per email and
 * address and per account (any address); mails per email and address and per account. Each
 * attempt is counted before it is verified, so parallel guesses cannot outrun the count.
 */
export function createAuthGuards(deps: { clock: () => Date; rateLimitStore: RateLimitStore }) {
  const now = () => deps.clock().getTime();
  const store = deps.rateLimitStore;
  const failures = createRateLimiter(store, { name: 'auth-fail', max: MAX_FAILURES, windowMs: FAILURE_WINDOW_MS }, now);
  const accountFailures = createRateLimiter(
    store,
    { name: 'auth-fail-account', max: ACCOUNT_MAX_FAILURES, windowMs: FAILURE_WINDOW_MS },
    now,
  );
  const accountMails = createRateLimiter(store, { name: 'auth-mail-account', max: ACCOUNT_MAILS, windowMs: FAILURE_WINDOW_MS }, now);
  const ipCap = createRateLimiter(store, { name: 'auth-ip', max: IP_CAP, windowMs: IP_CAP_WINDOW_MS }, now);

  const capped: MiddlewareHandler<AppEnv> = async (c, next) => {
    const verdict = await ipCap.consume(clientAddress(c));
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter);
    await next();
  };

  const keys = (c: Context<AppEnv>, kind: string, email: string) => ({
    pair: `${kind}:${email}:${clientAddress(c)}`,
    account: `${kind}:${email}`,
  });

  /**
   * Runs an attempt under the failure limits: counted before it runs, 429 once spent. Always per
   * email and address; with `accountWide`, per account from any address too. A success clears the
   * email+address count and takes its account hit back; an attempt that ends in anything but a
   * failure (a bad body, a server error) is not counted.
   *
   * The account-wide limit is one a stranger can spend from anywhere, so it only ever holds back
   * password logins from devices the account has not used (known-devices.ts): the owner's known
   * device passes, and a mailed code is never held by it (each code allows a few tries of its own,
   * and codes are mailed at a limited rate), so a fresh reset code always gets the owner in.
   */
  async function limited<T>(
    c: Context<AppEnv>,
    kind: string,
    email: string,
    attempt: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
    { accountWide = false }: { accountWide?: boolean } = {},
  ) {
    const key = keys(c, kind, email);
    const verdict = await consumeAll([
      { limiter: failures, key: key.pair },
      ...(accountWide ? [{ limiter: accountFailures, key: key.account }] : []),
    ]);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (!isFailure(error)) await verdict.undo();
      throw error;
    }
    await Promise.all([failures.reset(key.pair), accountWide ? accountFailures.undo(key.account) : undefined]);
    return result;
  }

  /** Like `limited`, but every accepted attempt counts (each one sends a mail). */
  async function throttled(c: Context<AppEnv>, kind: string, email: string, attempt: () => Promise<void>) {
    const key = keys(c, kind, email);
    const verdict = await consumeAll([
      { limiter: failures, key: key.pair },
      { limiter: accountMails, key: key.account },
    ]);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter);
    try {
      await attempt();
    } catch (error) {
      await verdict.undo();
      throw error;
    }
  }

  return { capped, limited, throttled };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** A wrong or spent email code counts as a failed attempt. */
export const failedCode = (error: unknown) => error instanceof HttpError && error.code === 'invalid_code';
/** A wrong email or password counts as a failed attempt. */
export const failedLogin = (error: unknown) => error instanceof HttpError && error.code === 'invalid_credentials';
