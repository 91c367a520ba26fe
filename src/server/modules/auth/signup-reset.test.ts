import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { CookieJar, SESSION_INFO, call, codeFromOutbox, insertUser, outboxCount } from '../../testing/auth-helpers';
import { isCommonPassword } from '../../lib/common-passwords';
import { lastMailTo } from '../../testing/outbox';

const PASSWORD = 'olive-harbour-lantern';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function isoYearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

const details = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Youssef',
  lastName: 'Amrani',
  email,
  password: PASSWORD,
  dateOfBirth: '1995-06-15',
  ...overrides,
});

describe('two-step email signup', () => {
  it('mails a six-digit code; completing it creates the account and signs in', async () => {
    const start = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('new@souk.test'));
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ success: true });
    expect(start.headers.getSetCookie()).toEqual([]);
    const code = codeFromOutbox(ctx.dataDir, 'new@souk.test');
    expect(code).toMatch(/^\d{6}$/);

    const jar = new CookieJar();
    const complete = await call(ctx, jar, 'POST', '/api/iam/signup/email/complete', {
      email: 'NEW@souk.test',
      code,
      sessionInfo: SESSION_INFO,
    });
    expect(complete.status).toBe(200);
    const body = await complete.json();
    expect(body).toMatchObject({ success: true, user: { firstName: 'Youssef', lastName: 'Amrani', totalFriends: 0 } });
    expect(body.user.flip).toMatch(/^youssef-amrani/);
    expect(jar.get('__Host-souk_at')).toBeTruthy();
    expect(jar.get('souk_session')).toBe('1'); // the session hint goes with the session cookies
    expect(await (await call(ctx, jar, 'GET', '/api/iam/auth/check-session')).json()).toMatchObject({ success: true });

    // the password chosen at signup works for login
    const login = await call(ctx, null, 'POST', '/api/iam/login/email', { email: 'new@souk.test', password: PASSWORD });
    expect(login.status).toBe(200);

    // the code is single-use
    const again = await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'new@souk.test', code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('refuses people under 13, and accepts someone who turned 13 today', async () => {
    const young = await call(
      ctx,
      null,
      'POST',
      '/api/iam/signup/email/start',
      details('kid@souk.test', { dateOfBirth: isoYearsAgo(13, 1) }),
    );
    expect(young.status).toBe(400);
    const body = await young.json();
    expect(body.errors.dateOfBirth).toEqual(['validation.tooYoung']);
    expect(() => codeFromOutbox(ctx.dataDir, 'kid@souk.test')).toThrow();

    const thirteen = await call(
      ctx,
      null,
      'POST',
      '/api/iam/signup/email/start',
      details('teen@souk.test', { dateOfBirth: isoYearsAgo(13) }),
    );
    expect(thirteen.status).toBe(200);
  });

  it('refuses common passwords and passwords outside 8..128, without composition rules', async () => {
    for (const password of ['password123', 'qwertyuiop', '12345678', 'Password2024!', 'aaaaaaaaaa']) {
      const response = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('weak@souk.test', { password }));
      expect(response.status, password).toBe(400);
      expect((await response.json()).errors.password, password).toEqual(['validation.commonPassword']);
    }
    const short = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('weak@souk.test', { password: 'abc12' }));
    expect(short.status).toBe(400);
    const long = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('weak@souk.test', { password: 'x'.repeat(129) }));
    expect(long.status).toBe(400);
    // all lowercase letters, no digit, no symbol: fine
    const plain = await call(
      ctx,
      null,
      'POST',
      '/api/iam/signup/email/start',
      details('weak@souk.test', { password: 'correct horse battery staple' }),
    );
    expect(plain.status).toBe(200);
  });

  it('answers an already registered email exactly like a new one (and mails the owner instead)', async () => {
    await insertUser(ctx, 'taken@souk.test', PASSWORD);
    const before = outboxCount(ctx.dataDir);
    const taken = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('taken@souk.test'));
    const fresh = await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('fresh@souk.test'));
    expect(taken.status).toBe(fresh.status);
    expect(await taken.json()).toEqual(await fresh.json());
    expect(outboxCount(ctx.dataDir)).toBe(before + 2);
    expect(() => codeFromOutbox(ctx.dataDir, 'taken@souk.test')).toThrow();
  });

  it('limits wrong codes: after 5 wrong tries even the right code is refused', async () => {
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('guess@souk.test'));
    const code = codeFromOutbox(ctx.dataDir, 'guess@souk.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'guess@souk.test', code: wrong });
      expect(response.status).toBe(400);
    }
    const right = await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'guess@souk.test', code });
    expect([400, 429]).toContain(right.status);
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it('a new code replaces the earlier one', async () => {
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('twice@souk.test'));
    const first = codeFromOutbox(ctx.dataDir, 'twice@souk.test');
    await new Promise((r) => setTimeout(r, 5));
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('twice@souk.test'));
    const second = codeFromOutbox(ctx.dataDir, 'twice@souk.test');
    if (first !== second) {
      expect((await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'twice@souk.test', code: first })).status).toBe(400);
    }
    expect((await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'twice@souk.test', code: second })).status).toBe(200);
  });

  it('codes expire after 10 minutes', async () => {
    let now = Date.now();
    const timed = await createTestContext({ clock: () => new Date(now) });
    try {
      await call(timed, null, 'POST', '/api/iam/signup/email/start', details('late@souk.test'));
      const code = codeFromOutbox(timed.dataDir, 'late@souk.test');
      now += 10 * 60_000 + 1000;
      const late = await call(timed, null, 'POST', '/api/iam/signup/email/complete', { email: 'late@souk.test', code });
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ code: 'invalid_code' });
    } finally {
      await timed.close();
    }
  });

  it('limits how many codes one email+IP can ask for', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('spam@souk.test'))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('password reset', () => {
  it('answers the same for unknown emails, mails a code, sets the new password and ends every other login', async () => {
    await insertUser(ctx, 'forgot@souk.test', PASSWORD);
    const otherDevice = new CookieJar();
    await call(ctx, otherDevice, 'POST', '/api/iam/login/email', { email: 'forgot@souk.test', password: PASSWORD });

    const known = await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'forgot@souk.test' });
    const unknown = await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'ghost@souk.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(() => codeFromOutbox(ctx.dataDir, 'ghost@souk.test')).toThrow();
    const code = codeFromOutbox(ctx.dataDir, 'forgot@souk.test');

    const weak = await call(ctx, null, 'POST', '/api/iam/password/reset/complete', {
      email: 'forgot@souk.test',
      code,
      password: 'password1',
    });
    expect(weak.status).toBe(400);

    const jar = new CookieJar();
    const done = await call(ctx, jar, 'POST', '/api/iam/password/reset/complete', {
      email: 'forgot@souk.test',
      code,
      password: 'saffron-window-meadow',
      sessionInfo: SESSION_INFO,
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true, user: { firstName: 'Amina' } });

    expect((await call(ctx, otherDevice, 'GET', '/api/iam/sessions')).status).toBe(401);
    expect((await call(ctx, otherDevice, 'POST', '/api/iam/auth/refresh')).status).toBe(401);
    expect((await call(ctx, jar, 'GET', '/api/iam/sessions')).status).toBe(200);

    expect((await call(ctx, null, 'POST', '/api/iam/login/email', { email: 'forgot@souk.test', password: PASSWORD })).status).toBe(401);
    expect(
      (await call(ctx, null, 'POST', '/api/iam/login/email', { email: 'forgot@souk.test', password: 'saffron-window-meadow' })).status,
    ).toBe(200);
    // used once
    const replay = await call(ctx, null, 'POST', '/api/iam/password/reset/complete', {
      email: 'forgot@souk.test',
      code,
      password: 'another-long-phrase',
    });
    expect(replay.status).toBe(400);
  });
});

describe('common password list', () => {
  it('knows the usual suspects and lets ordinary passphrases through', () => {
    for (const p of ['password', 'iloveyou', 'sunshine1', 'Qwerty123', '1q2w3e4r', 'abcdefgh', '87654321', 'P@ssw0rd', 'Welcome2025!']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['olive-harbour-lantern', 'Tajine du vendredi', 'ma3loum-ya-sahbi', 'k7#Lw9!pQ2']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('mails in the recipient’s language', () => {
  it('writes the signup code in the language of the request, right to left for Arabic, with text and HTML parts', async () => {
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('layla@souk.test', { firstName: 'Layla' }), {
      Cookie: 'app_lang=ar',
      'Accept-Language': 'en-US',
    });
    const mail = lastMailTo(ctx.dataDir, 'layla@souk.test')!;
    expect(mail.language).toBe('ar');
    expect(mail.subject).toBe('رمز التسجيل في سوق');
    expect(mail.text).toContain('أدخل هذا الرمز');
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain('<body dir="rtl"');
    const code = codeFromOutbox(ctx.dataDir, 'layla@souk.test');
    expect(mail.html).toContain(`>${code}</p>`);

    // The account keeps the language: the reset mail is in Arabic too.
    await call(ctx, null, 'POST', '/api/iam/signup/email/complete', { email: 'layla@souk.test', code });
    await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'layla@souk.test' });
    expect(lastMailTo(ctx.dataDir, 'layla@souk.test')).toMatchObject({ language: 'ar', subject: 'إعادة تعيين كلمة مرور سوق' });
  });

  it('follows Accept-Language without a language cookie, and English otherwise', async () => {
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('claire@souk.test'), { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(lastMailTo(ctx.dataDir, 'claire@souk.test')).toMatchObject({ language: 'fr', subject: 'Votre code d’inscription à Souk' });
    expect(lastMailTo(ctx.dataDir, 'claire@souk.test')!.html).toContain('<html lang="fr" dir="ltr">');
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('hans@souk.test'), { 'Accept-Language': 'de-DE' });
    expect(lastMailTo(ctx.dataDir, 'hans@souk.test')).toMatchObject({ language: 'en', subject: 'Your Souk sign-up code' });
  });

  it('follows the language a member picks in the app', async () => {
    await insertUser(ctx, 'polyglot@souk.test', PASSWORD);
    const jar = new CookieJar();
    await call(ctx, jar, 'POST', '/api/iam/login/email', { email: 'polyglot@souk.test', password: PASSWORD });
    expect((await call(ctx, null, 'PUT', '/api/iam/profile/language', { language: 'fr' })).status).toBe(401);
    expect((await call(ctx, jar, 'PUT', '/api/iam/profile/language', { language: 'de' })).status).toBe(400);
    expect((await call(ctx, jar, 'PUT', '/api/iam/profile/language', { language: 'fr' })).status).toBe(200);
    await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'polyglot@souk.test' });
    const mail = lastMailTo(ctx.dataDir, 'polyglot@souk.test')!;
    expect(mail).toMatchObject({ language: 'fr', subject: 'Réinitialisez votre mot de passe Souk' });
    expect(mail.text).toContain('/password?email=polyglot%40souk.test&code=');
  });

  it('mails an existing member who is signed up again in their own language', async () => {
    await insertUser(ctx, 'known-ar@souk.test', PASSWORD);
    await ctx.deps.db.updateTable('users').set({ language: 'ar' }).where('email', '=', 'known-ar@souk.test').execute();
    await call(ctx, null, 'POST', '/api/iam/signup/email/start', details('known-ar@souk.test'), { 'Accept-Language': 'fr' });
    expect(lastMailTo(ctx.dataDir, 'known-ar@souk.test')).toMatchObject({ language: 'ar' });
  });
});
