import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/test-app';
import { call } from './testing/auth-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('DATA_DIR is private to the server', () => {
  it('writes mail (codes, sign-in links) and secrets readable by the server only: files 0600, folders 0700', async () => {
    const response = await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'nobody-here@souk.test' });
    expect(response.status).toBe(200);
    const born = new Date();
    born.setFullYear(born.getFullYear() - 30);
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', {
      firstName: 'Nadia',
      lastName: 'Khalil',
      email: 'modes@souk.test',
      password: 'olive-harbour-lantern',
      dateOfBirth: born.toISOString().slice(0, 10),
    });
    const outbox = path.join(ctx.dataDir, 'outbox');
    expect(mode(outbox)).toBe(0o700);
    const mails = fs.readdirSync(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mode(path.join(outbox, mail))).toBe(0o600);
    const secrets = path.join(ctx.dataDir, 'secrets');
    expect(mode(secrets)).toBe(0o700);
    for (const secret of fs.readdirSync(secrets)) expect(mode(path.join(secrets, secret))).toBe(0o600);
  });
});
