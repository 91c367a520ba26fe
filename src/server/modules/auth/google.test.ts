import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { CookieJar, SESSION_INFO, call, insertUser } from '../../testing/auth-helpers';

const CLIENT_ID = 'souk-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.test';

let server: http.Server;
let jwksUrl: string;
let privateKey: CryptoKey;
let publicKey: CryptoKey;
let jwk: JWK;
let ctx: TestContext;

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true }));
  jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  ctx = await createTestContext({
    envOverrides: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: ISSUER, GOOGLE_JWKS_URL: jwksUrl },
  });
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Asks the server for a nonce (cookie + body), as the login page does before going to Google. */
async function begin() {
  const jar = new CookieJar();
  const response = await call(ctx, jar, 'GET', '/api/iam/google/config');
  const config = await response.json();
  return { jar, nonce: config.nonce as string, config };
}

interface TokenOptions {
  nonce?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  sub?: string;
  email?: string;
  emailVerified?: boolean;
}

function idToken(options: TokenOptions) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    nonce: options.nonce,
    email: options.email ?? 'guest@gmail.test',
    email_verified: options.emailVerified ?? true,
    given_name: 'Nadia',
    family_name: 'Saleh',
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? CLIENT_ID)
    .setSubject(options.sub ?? 'google-sub-1')
    .setIssuedAt(now - 10)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function loginWith(jar: CookieJar, token: string) {
  return call(ctx, jar, 'POST', '/api/iam/login/google', { idToken: token, sessionInfo: SESSION_INFO });
}

describe('Google sign-in', () => {
  it('gives the client id, the authorization endpoint and a nonce kept in an HttpOnly cookie', async () => {
    const { jar, config } = await begin();
    expect(config).toMatchObject({ enabled: true, clientId: CLIENT_ID });
    expect(config.nonce.length).toBeGreaterThanOrEqual(24);
    expect(jar.get('__Host-souk_gn')).toBe(config.nonce);
  });

  it('accepts a valid token: creates the account by the Google subject and signs in', async () => {
    const { jar, nonce } = await begin();
    const response = await loginWith(jar, await idToken({ nonce }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, user: { firstName: 'Nadia', lastName: 'Saleh' } });
    expect(jar.get('__Host-souk_at')).toBeTruthy();
    expect(jar.get('souk_session')).toBe('1'); // the session hint goes with the session cookies
    expect(jar.get('__Host-souk_gn')).toBeUndefined();

    // the same subject again signs in to the same account
    const second = await begin();
    const again = await loginWith(second.jar, await idToken({ nonce: second.nonce }));
    expect((await again.json()).user.id).toBe(body.user.id);
  });

  it('links a verified Google email to the existing account with that email', async () => {
    const id = await insertUser(ctx, 'linked@gmail.test', 'olive-harbour-lantern');
    const { jar, nonce } = await begin();
    const response = await loginWith(jar, await idToken({ nonce, sub: 'google-sub-linked', email: 'linked@gmail.test' }));
    expect((await response.json()).user.id).toBe(id);
  });

  const refusals: [string, (nonce: string) => Promise<string>][] = [
    ['wrong nonce', () => idToken({ nonce: 'some-other-nonce' })],
    ['no nonce', () => idToken({})],
    ['wrong audience', (nonce) => idToken({ nonce, aud: 'someone-else.apps.googleusercontent.com' })],
    ['wrong issuer', (nonce) => idToken({ nonce, iss: 'https://evil.example' })],
    ['expired', (nonce) => idToken({ nonce, exp: Math.floor(Date.now() / 1000) - 60 })],
    [
      'alg none',
      async (nonce) => {
        const now = Math.floor(Date.now() / 1000);
        const payload = { iss: ISSUER, aud: CLIENT_ID, sub: 'google-sub-none', nonce, iat: now, exp: now + 3600 };
        return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
      },
    ],
    [
      'HS256 signed with the public key',
      async (nonce) => {
        const pem = await exportSPKI(publicKey);
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ nonce })
          .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
          .setIssuer(ISSUER)
          .setAudience(CLIENT_ID)
          .setSubject('google-sub-hs')
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(new TextEncoder().encode(pem));
      },
    ],
    [
      'signed by another key',
      async (nonce) => {
        const other = await generateKeyPair('RS256');
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ nonce })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
          .setIssuer(ISSUER)
          .setAudience(CLIENT_ID)
          .setSubject('google-sub-other')
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(other.privateKey);
      },
    ],
  ];

  for (const [name, make] of refusals) {
    it(`refuses a token with ${name}`, async () => {
      const { jar, nonce } = await begin();
      const response = await loginWith(jar, await make(nonce));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'google_token_refused' });
      expect(jar.get('__Host-souk_at')).toBeUndefined();
    });
  }

  it('refuses a valid token whose nonce was not issued to this browser (replay)', async () => {
    const { nonce } = await begin();
    const token = await idToken({ nonce });
    const elsewhere = await begin(); // another browser with its own nonce cookie
    const response = await loginWith(elsewhere.jar, token);
    expect(response.status).toBe(401);
    const withoutCookie = await loginWith(new CookieJar(), token);
    expect(withoutCookie.status).toBe(401);
  });

  it('is off when LOGIN_GOOGLE is off or no client id is configured', async () => {
    const off = await createTestContext({
      envOverrides: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: ISSUER, GOOGLE_JWKS_URL: jwksUrl, FEATURES_OFF: 'LOGIN_GOOGLE' },
    });
    const unconfigured = await createTestContext();
    try {
      const jar = new CookieJar();
      const config = await (await call(off, jar, 'GET', '/api/iam/google/config')).json();
      expect(config.enabled).toBe(false);
      const token = await idToken({ nonce: config.nonce });
      expect((await call(off, jar, 'POST', '/api/iam/login/google', { idToken: token })).status).toBe(503);
      expect((await (await call(unconfigured, null, 'GET', '/api/iam/google/config')).json()).enabled).toBe(false);
      expect((await call(unconfigured, null, 'POST', '/api/iam/login/google', { idToken: token })).status).toBe(503);
    } finally {
      await off.close();
      await unconfigured.close();
    }
  });
});
