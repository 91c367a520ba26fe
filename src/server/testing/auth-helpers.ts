import { hash } from '@node-rs/argon2';
import type { TestContext } from './test-app';

export const SESSION_INFO = {
  deviceType: 'desktop',
  deviceOs: 'Linux',
  osVersion: '6.1',
  browser: 'Chrome 142',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0',
};

let counter = 0;

/** A user row straight in the database (what the demo seed does), with an argon2id hash. */
export async function insertUser(ctx: TestContext, email: string, password: string, extra: { id?: string } = {}) {
  counter += 1;
  const id = extra.id ?? `u-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  await ctx.deps.db
    .insertInto('users')
    .values({
      id,
      short_id: `s${id}`.slice(0, 12) + counter,
      flip: `flip-${id}`,
      first_name: 'Amina',
      last_name: 'Haddad',
      email,
      password_hash: await hash(password),
      google_sub: null,
      image_path: null,
      date_of_birth: '1990-04-01',
      status_code: 1,
      is_private: 0,
      region_preference: 'EU',
      hour_format: 12,
      language: 'en',
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** A tiny cookie jar: keeps what Set-Cookie gives, sends it back as Cookie. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

/** JSON request with the jar's cookies; the jar takes the answer's cookies. */
export async function call(
  ctx: TestContext,
  jar: CookieJar | null,
  method: string,
  p: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await ctx.request(p, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(jar && jar.cookies.size ? { Cookie: jar.header() } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar?.take(response);
  return response;
}

export { codeFromOutbox, outboxCount } from './outbox';

/** How many open (unrevoked) logins a user has, read from the database. */
export async function openSessionCount(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom('auth_sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Uploads a plain picture of `colour` as the profile image of the signed-in `jar`: the answer. */
export async function uploadProfilePicture(ctx: TestContext, jar: CookieJar, colour: string, size = { width: 640, height: 480 }) {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { ...size, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
  return ctx.request('/api/iam/profile/image', { method: 'POST', headers: { Cookie: jar.header() }, body: form });
}
