import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export const GOOGLE_AUTHORIZATION_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
}

export class GoogleTokenError extends Error {}

/**
 * Verifies a Google ID token: RS256 signature by a key of the JWKS (the only algorithm allowed,
 * so `none` and HS256-with-the-public-key are refused), issuer, audience, expiry and nonce.
 */
export function createGoogleVerifier(options: { jwksUrl: string; issuer: string; clientId: string | undefined }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  // Google documents both spellings of its issuer.
  const issuers = options.issuer === 'https://accounts.google.com' ? [options.issuer, 'accounts.google.com'] : [options.issuer];

  return async function verifyGoogleIdToken(idToken: string, expectedNonce: string | undefined, now: Date): Promise<GoogleIdentity> {
    if (!options.clientId) throw new GoogleTokenError('Google sign-in is not configured.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        issuer: issuers,
        audience: options.clientId,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }));
    } catch (error) {
      throw new GoogleTokenError(`The Google token was refused (${(error as Error).message}).`);
    }
    if (!expectedNonce || typeof payload.nonce !== 'string' || payload.nonce !== expectedNonce) {
      throw new GoogleTokenError('The Google token was refused (nonce mismatch).');
    }
    const claims = payload as JWTPayload & Record<string, unknown>;
    return {
      sub: String(payload.sub),
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
      familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    };
  };
}
