import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import type { Env } from '../../lib/env';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The known-device cookie: after a login, a signup or a password reset, the browser keeps a random
 * device id with a signature that binds it to that email (HMAC with a server secret), so nobody
 * can forge one for somebody else's account. A known device is let through the account-wide limit
 * on wrong passwords that strangers trip from anywhere, so guessing at an account cannot lock its
 * owner out; a login from an unknown device is mailed to the owner. One account per browser: the
 * last one that signed in.
 */
export function createKnownDevices(env: Pick<Env, 'COOKIE_SECURE'>, key: Uint8Array) {
  const name = `${env.COOKIE_SECURE ? '__Host-' : ''}souk_dv`;
  const sign = (email: string, deviceId: string) =>
    crypto.createHmac('sha256', key).update(`known-device:${email}:${deviceId}`).digest('base64url');

  function parse(c: Context<AppEnv>): { deviceId: string; signature: string } | undefined {
    const [deviceId, signature, ...rest] = (getCookie(c, name) ?? '').split('.');
    return deviceId && signature && rest.length === 0 ? { deviceId, signature } : undefined;
  }

  return {
    /** whether this browser has signed in to the account of `email` before */
    isKnown(c: Context<AppEnv>, email: string): boolean {
      const cookie = parse(c);
      if (!cookie) return false;
      const expected = Buffer.from(sign(email, cookie.deviceId));
      const given = Buffer.from(cookie.signature);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
    /** marks this browser as a device of the account of `email` (keeps its device id) */
    remember(c: Context<AppEnv>, email: string) {
      const deviceId = parse(c)?.deviceId ?? crypto.randomBytes(16).toString('base64url');
      setCookie(c, name, `${deviceId}.${sign(email, deviceId)}`, {
        httpOnly: true,
        secure: env.COOKIE_SECURE,
        path: '/',
        sameSite: 'Lax',
        maxAge: YEAR_S,
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
