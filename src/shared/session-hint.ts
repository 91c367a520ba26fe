/**
 * The session hint: a cookie that only says "a session may exist in this browser".
 *
 * The session itself lives in HttpOnly cookies (`__Host-souk_at`, `__Host-souk_rt`) that page
 * scripts cannot read, so without a hint the client must ask check-session before it knows
 * anything, and `/` shows a loading indicator to every first-time visitor meanwhile. The server
 * sets `souk_session=1` (readable by scripts, no secret: the value is always `1`) wherever it sets
 * the session cookies, with the refresh cookie's lifetime, and deletes it wherever it clears them.
 *
 * No hint (and, on the server, no refresh cookie): nobody is signed in. The client starts
 * 'signedOut' without asking the server, and the server renders `/` as the signed-out landing,
 * so both first renders agree. With a hint: 'unknown' until check-session answers, as before.
 * A forged or stale hint costs one check-session call, nothing else.
 */
export const SESSION_HINT_COOKIE = 'souk_session';
export const SESSION_HINT_VALUE = '1';
/** The refresh cookie's name without its `__Host-` prefix (COOKIE_SECURE=false drops the prefix). */
export const REFRESH_COOKIE = 'souk_rt';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(';').some((part) => {
    const pair = part.trim();
    return pair.startsWith(`${name}=`) && pair.length > name.length + 1;
  });
}

/** Whether a Cookie header (or `document.cookie`) may belong to a signed-in browser. */
export function mayHaveSession(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return (
    hasCookie(cookieHeader, SESSION_HINT_COOKIE) ||
    hasCookie(cookieHeader, REFRESH_COOKIE) ||
    hasCookie(cookieHeader, `__Host-${REFRESH_COOKIE}`)
  );
}

/**
 * The session status of the first render, from the cookies: 'signedOut' when no session can
 * exist, else 'unknown' (check-session decides). The browser only sees the hint; the server also
 * sees the refresh cookie, and puts the hint back when it is missing (see
 * src/server/modules/auth/auth-cookies.ts), so the two agree.
 */
export function initialSessionStatus(cookieHeader: string | null | undefined): SessionStatus {
  return mayHaveSession(cookieHeader) ? 'unknown' : 'signedOut';
}
