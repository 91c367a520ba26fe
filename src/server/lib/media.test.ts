import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { CookieJar, SESSION_INFO, call, insertUser } from '../testing/auth-helpers';
import { IMAGE_MAX_PIXELS, UPLOADS_PER_ACCOUNT, createPool, renditionPath, sniffImageFormat, storeImage } from './media';
import { IMAGE_SIZES } from '../../shared/media';
import { SVG_BOMB, pngBomb } from '../testing/image-bombs';

const PASSWORD = 'amber-lantern-kettle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signedIn(email: string) {
  await insertUser(ctx, email, PASSWORD);
  const jar = new CookieJar();
  await call(ctx, jar, 'POST', '/api/iam/login/email', { email, password: PASSWORD, sessionInfo: SESSION_INFO });
  return jar;
}

function upload(jar: CookieJar, bytes: Buffer, name = 'me.png') {
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return ctx.request('/api/iam/profile/image', { method: 'POST', headers: { Cookie: jar.header() }, body: form });
}

const smallPng = (color = '#0f766e') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('the image pipeline', () => {
  it('knows formats by their bytes, SVG included', async () => {
    expect(sniffImageFormat(await smallPng())).toBe('png');
    expect(
      sniffImageFormat(
        await sharp(await smallPng())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImageFormat(
        await sharp(await smallPng())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageFormat(SVG_BOMB)).toBe('svg');
    expect(sniffImageFormat(Buffer.from('\ufeff  <?xml version="1.0"?><svg/>'))).toBe('svg');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffImageFormat(Buffer.from('not an image'))).toBeUndefined();
  });

  it('refuses the SVG bomb at once, whatever its name says', async () => {
    const jar = await signedIn('svg@souk.test');
    const started = performance.now();
    const response = await upload(jar, SVG_BOMB, 'innocent.png');
    const ms = performance.now() - started;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', errors: { image: ['validation.imageType'] } });
    expect(ms).toBeLessThan(2000);
  });

  it(`refuses an image over ${IMAGE_MAX_PIXELS / 1e6} MP from its header, before decoding it`, async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1_000_000);
    const jar = await signedIn('pixels@souk.test');
    const started = performance.now();
    const response = await upload(jar, bomb);
    const ms = performance.now() - started;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { image: ['validation.imagePixels'] } });
    expect(ms).toBeLessThan(2000);
    // the same through storeImage (what the seed and scripts call)
    await expect(storeImage(ctx.deps.db, ctx.deps.storage, bomb)).rejects.toMatchObject({ status: 400 });
  });

  it("deletes a replaced picture's renditions and row, never a seeded one", async () => {
    const jar = await signedIn('replace@souk.test');
    const first = (await (await upload(jar, await smallPng('#112233'))).json()).user.imagePath as string;
    for (const size of IMAGE_SIZES) expect(fs.existsSync(renditionPath(ctx.dataDir, first, size))).toBe(true);
    const second = (await (await upload(jar, await smallPng('#445566'))).json()).user.imagePath as string;
    expect(second).not.toBe(first);
    for (const size of IMAGE_SIZES) {
      expect(fs.existsSync(renditionPath(ctx.dataDir, first, size))).toBe(false);
      expect(fs.existsSync(renditionPath(ctx.dataDir, second, size))).toBe(true);
    }
    expect((await ctx.request(`/media/${first}/small.webp`)).status).toBe(404);
    expect(await ctx.deps.db.selectFrom('media').select('id').where('id', '=', first).executeTakeFirst()).toBeUndefined();

    // a picture not uploaded through the pipeline (the seed's) stays when replaced
    const seeded = await storeImage(ctx.deps.db, ctx.deps.storage, await smallPng('#778899'));
    await ctx.deps.db.updateTable('users').set({ image_path: seeded.id }).where('email', '=', 'replace@souk.test').execute();
    await upload(jar, await smallPng('#aabbcc'));
    expect(fs.existsSync(renditionPath(ctx.dataDir, seeded.id, 'small'))).toBe(true);
  });

  it('writes renditions only the server can read (0600 in a 0700 folder)', async () => {
    const jar = await signedIn('modes@souk.test');
    const id = (await (await upload(jar, await smallPng())).json()).user.imagePath as string;
    expect(fs.statSync(renditionPath(ctx.dataDir, id, 'large')).mode & 0o777).toBe(0o600);
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const jar = await signedIn('multipart@souk.test');
    const response = await ctx.request('/api/iam/profile/image', {
      method: 'POST',
      headers: { Cookie: jar.header(), 'Content-Type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\ntruncated',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const noBoundary = await ctx.request('/api/iam/profile/image', {
      method: 'POST',
      headers: { Cookie: jar.header(), 'Content-Type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
  });

  it(`limits uploads per account: the ${UPLOADS_PER_ACCOUNT + 1}th in the window is 429 with how long to wait`, async () => {
    const jar = await signedIn('uploads@souk.test');
    // refused files count too: each one cost a decode attempt
    const junk = Buffer.from('not an image');
    for (let i = 0; i < UPLOADS_PER_ACCOUNT; i++) expect((await upload(jar, junk)).status).toBe(400);
    const over = await upload(jar, await smallPng());
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).detail).toMatch(/^Too many uploads\. Please wait \d+ minutes? and try again\.$/);
    // another account is not affected
    expect((await upload(await signedIn('uploads2@souk.test'), await smallPng())).status).toBe(200);
  });
});

describe('the decoding pool', () => {
  it('runs one task at a time and refuses when its queue is full', async () => {
    const run = createPool(1, 2);
    let running = 0;
    let most = 0;
    const task = () =>
      run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return 'done';
      });
    const results = await Promise.allSettled([task(), task(), task(), task()]);
    expect(most).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ status: 503 });
    expect(await task()).toBe('done');
  });
});
