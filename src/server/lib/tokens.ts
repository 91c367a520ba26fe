import crypto from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { CODE_LENGTH } from '../../shared/auth';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
const ISSUER = 'souk';
const AUDIENCE = 'souk-api';

export interface SigningKey {
  kid: string;
  secret: Uint8Array;
}

/**
 * The access-token keys (lib/secrets.ts says where they come from): the current one signs, the key
 * a token's `kid` names verifies it.
 */
export interface TokenKeys {
  /** the key that signs new tokens */
  current: SigningKey;
  /** the keys that verify: the one of `kid`, or every key for a token without one */
  candidates(kid: string | undefined): Uint8Array[];
  /** reads the keys again (another process added one); resolves whether anything changed */
  reload?(): Promise<boolean>;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Signed with the current key; its id (`kid`) in the header says which key verifies it. */
export function signAccessToken(keys: TokenKeys, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const { kid, secret } = keys.current;
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(secret);
}

/**
 * The claims of a valid token, else null. The key is the one its `kid` names (an id this process
 * does not know yet makes it read the keys again: another process rotated); a token from before
 * key ids is tried against each key.
 */
export async function verifyAccessToken(keys: TokenKeys, token: string, now: Date): Promise<AccessClaims | null> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    kid = typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return null;
  }
  let candidates = keys.candidates(kid);
  if (!candidates.length && kid !== undefined && keys.reload && (await keys.reload())) candidates = keys.candidates(kid);
  for (const secret of candidates) {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      // not this key (or expired, or forged): the next one, if any
    }
  }
  return null;
}

/** An opaque random token (refresh tokens, nonces): 256 bits, url-safe. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored as their SHA-256 only. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A uniformly random code of CODE_LENGTH digits. */
export function randomCode(): string {
  return String(crypto.randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
