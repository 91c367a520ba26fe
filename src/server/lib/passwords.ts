import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords';

/** argon2id with the library defaults (m=19 MiB, t=2, p=1), the OWASP minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email, Google-only account)
 * it verifies against a dummy hash so that both answers take the same time.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-password-of-anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Composition rules are not used (NIST SP 800-63B): length comes from the schema, this refuses known ones. */
export function passwordProblem(password: string, context: { email?: string; names?: string[] } = {}): string | null {
  if (isCommonPassword(password)) return 'validation.commonPassword';
  const lower = password.toLowerCase();
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower === local) return 'validation.commonPassword';
  if (lower === context.email?.toLowerCase()) return 'validation.commonPassword';
  return null;
}
