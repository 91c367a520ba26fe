import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { CODE_LENGTH } from '../../shared/auth';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
const ISSUER = 'souk';
const AUDIENCE = 'souk-api';

/**
 * The access-token signing key: generated once and kept in `${DATA_DIR}/secrets/` (mode 0600),
 * so tokens survive restarts and no secret has to be configured.
 */
export function loadOrCreateSecret(dataDir: string, name = 'access-token.key'): Uint8Array {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return new Uint8Array(existing);
  } catch {
    // not there yet
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(64);
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return new Uint8Array(secret);
  } catch {
    // another process wrote it first
    return new Uint8Array(fs.readFileSync(file));
  }
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(secret);
}

export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
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
    return null;
  }
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
