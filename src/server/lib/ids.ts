import crypto from 'node:crypto';

/** The primary key of a new row. */
export function randomId(): string {
  return crypto.randomUUID();
}

/** The short public id of an entity (8+ url-safe characters). */
export function shortId(): string {
  return crypto.randomBytes(8).toString('base64url').slice(0, 10);
}
