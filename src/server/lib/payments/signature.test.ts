import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './provider';
import { signPayload, verifySignature } from './signature';

const secret = 'a-sandbox-secret-of-some-length';
const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' });
const now = new Date('2026-06-10T12:00:00Z');

describe('sandbox webhook signatures', () => {
  it('verifies what it signed', () => {
    expect(() => verifySignature(secret, body, signPayload(secret, body, now), now)).not.toThrow();
  });

  it('refuses a missing, malformed, forged or altered signature', () => {
    const header = signPayload(secret, body, now);
    expect(() => verifySignature(secret, body, null, now)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(secret, body, 'v1=abc', now)).toThrow(/Malformed/);
    expect(() => verifySignature('another-secret-of-some-length', body, header, now)).toThrow(/does not match/);
    expect(() => verifySignature(secret, body.replace('succeeded', 'failed'), header, now)).toThrow(/does not match/);
    expect(() => verifySignature(secret, body, header.replace(/v1=./, 'v1=0'), now)).toThrow(WebhookSignatureError);
  });

  it('refuses a signature older than five minutes (a replay beyond the window)', () => {
    const header = signPayload(secret, body, new Date(now.getTime() - 301_000));
    expect(() => verifySignature(secret, body, header, now)).toThrow(/tolerance/);
    expect(() => verifySignature(secret, body, signPayload(secret, body, new Date(now.getTime() - 299_000)), now)).not.toThrow();
  });
});
