import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

/** sha256 sources for the inline scripts of an HTML document (the worker registration). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[1].trim()) hashes.push(`'sha256-${crypto.createHash('sha256').update(match[1]).digest('base64')}'`);
  }
  return hashes;
}

/** `nonce`: a server-rendered page's own inline scripts (its dehydrated state) carry it. */
/** `imageOrigins`: where else images may come from (the object store of MEDIA_REDIRECT). */
export function contentSecurityPolicy(scriptHashes: string[], nonce?: string, imageOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}${nonce ? ` 'nonce-${nonce}'` : ''}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins.map((origin) => ` ${origin}`).join('')}`,
    "font-src 'self'",
    "connect-src 'self' https://accounts.google.com",
    "manifest-src 'self'",
    // blob: for the door scanner's QR decoder, which qr-scanner starts as a worker from its own code
    "worker-src 'self' blob:",
    'frame-src https://accounts.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://accounts.google.com",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The API reference page (/api/docs): its one inline script (the configuration) by hash, the
 * reference's own script from this server, inline styles (it themes itself at run time), and
 * requests to this origin only. Everything else stays as strict as the app's policy.
 */
export function docsContentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Two years, subdomains too: once a browser has seen the site on https it never tries http. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** `hsts`: the public URL is https (PUBLIC_URL), so browsers are told to keep to it. */
export function securityHeaders(csp: () => string, options: { hsts?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (options.hsts) headers.set('Strict-Transport-Security', HSTS);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    // the camera for this origin only: the check-in screen scans tickets with it
    headers.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(self), payment=(self)');
    // A server-rendered page sets its own policy (with its nonce).
    if ((headers.get('Content-Type') ?? '').startsWith('text/html') && !headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', csp());
    }
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: an unsafe request must not come from another site.
 * Browsers send Origin on every cross-origin POST and Sec-Fetch-Site on every request.
 */
export function sameOriginOnly(allowedOrigins: () => string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.', 'cross_site');
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      const own = new URL(c.req.url).origin;
      if (origin !== own && !allowedOrigins().includes(origin)) {
        throw new HttpError(403, 'Cross-site requests are not allowed.', 'cross_site');
      }
    } else if (origin === 'null') {
      throw new HttpError(403, 'Cross-site requests are not allowed.', 'cross_site');
    }
    return next();
  };
}
