import { z } from 'zod';

/**
 * Answers of the auth API (/api/iam) beside those in ./auth.ts and ./user.ts. Their own file: the
 * client types these reads without parsing them, and ./auth.ts is in the sign-in forms' chunk,
 * where every schema costs bytes (README, "API answers typed, not re-parsed").
 */

/** `POST /sessions/revoke-others`, `DELETE /sessions/{id}`: how many logins were ended. */
export const sessionsRevokedSchema = z.object({ success: z.boolean(), revoked: z.number().int() });

/** `GET /api/iam/features`: every flag of ./feature-flags.ts with its state. */
export const featureFlagsSchema = z.array(z.object({ key: z.string(), enabled: z.boolean() }));
