import type { GoogleConfig } from '../../../shared/auth';

const STORAGE_KEY = 'souk.google';

interface PendingGoogleLogin {
  nonce: string;
  state: string;
  go?: string;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Builds the Google authorization request (implicit id_token flow) and remembers its nonce. */
export function googleAuthorizationUrl(config: GoogleConfig, origin: string, go?: string): string {
  const state = randomState();
  const pending: PendingGoogleLogin = { nonce: config.nonce, state, go };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    client_id: config.clientId ?? '',
    redirect_uri: `${origin}/google/callback`,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: config.nonce,
    state,
    prompt: 'select_account',
  });
  return `${config.authorizationEndpoint}?${params.toString()}`;
}

function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export type GoogleCallback = { ok: true; idToken: string; go?: string } | { ok: false; reason: string };

/**
 * Reads the id token from the URL fragment and checks its nonce against the stored one. The server checks signature, issuer, audience, expiry and nonce again.
 */
export function readGoogleCallback(hash: string): GoogleCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const raw = sessionStorage.getItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
  const pending = raw ? (JSON.parse(raw) as PendingGoogleLogin) : null;
  const idToken = params.get('id_token');
  if (!idToken) return { ok: false, reason: params.get('error') ?? 'No id token in the URL fragment.' };
  if (!pending) return { ok: false, reason: 'No Google sign-in was started in this tab.' };
  if (params.get('state') !== pending.state) return { ok: false, reason: 'The state does not match.' };
  const payload = decodePayload(idToken);
  if (!payload || payload.nonce !== pending.nonce) return { ok: false, reason: 'Invalid nonce.' };
  return { ok: true, idToken, go: pending.go };
}
