import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { CookieJar, insertUser, uploadProfilePicture } from '../testing/auth-helpers';
import { createFolderStorage, createS3Storage, storageFromEnv, type MediaStorage } from './storage';
import { readEnv } from './env';

/** An S3-compatible server in this process (s3rver), on a loopback port: the store several instances share. */
let server: S3rver;
let folder: string;
let s3: MediaStorage;
let endpoint: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: 'souk-media', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = await createS3Storage({
    bucket: 'souk-media',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'media/',
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('media storage', () => {
  it('keeps, serves and deletes objects in an S3-compatible store', async () => {
    expect(await s3.get('abc-small.webp')).toBeNull();
    await s3.put('abc-small.webp', Buffer.from('webp bytes'), 'image/webp');
    expect((await s3.get('abc-small.webp'))?.toString()).toBe('webp bytes');
    await s3.delete(['abc-small.webp']);
    expect(await s3.get('abc-small.webp')).toBeNull();
  });

  it('refuses keys that are not rendition names (no paths out of the folder)', async () => {
    const local = createFolderStorage(path.join(folder, 'local'));
    await expect(local.put('../escape-small.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a media key/);
    await expect(s3.put('a/b-small.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a media key/);
  });
});

/** Signs a new member in on `ctx`; answers a function that uploads a profile picture of one colour (its imagePath). */
async function uploader(ctx: TestContext, email: string) {
  await insertUser(ctx, email, 'amber-lantern-kettle');
  const jar = new CookieJar();
  const login = await ctx.request('/api/iam/login/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: jar.header() },
    body: JSON.stringify({ email, password: 'amber-lantern-kettle' }),
  });
  expect(login.status).toBe(200);
  jar.take(login);
  return async (colour: string) => {
    const response = await uploadProfilePicture(ctx, jar, colour);
    expect(response.status).toBe(200);
    return ((await response.json()) as { user: { imagePath: string } }).user.imagePath;
  };
}

describe('two processes on one S3-compatible store', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestContext({ storage: s3 });
    b = await a.sibling({ storage: s3 });
  });
  afterAll(() => a.close());

  it('serve a picture uploaded through either, from either; a replaced one goes from the store', async () => {
    const upload = await uploader(a, 'pictures@souk.test');
    const first = await upload('#336699');
    const fromA = await a.request(`/media/${first}/medium.webp`);
    const fromB = await b.request(`/media/${first}/medium.webp`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // nothing on either process's disk: the store holds it
    expect(fs.existsSync(path.join(a.dataDir, 'media'))).toBe(false);
    expect(fs.existsSync(path.join(b.dataDir, 'media'))).toBe(false);
    const second = await upload('#993366');
    expect((await b.request(`/media/${second}/small.webp`)).status).toBe(200);
    expect((await b.request(`/media/${first}/small.webp`)).status).toBe(404);
    expect(await s3.get(`${first}-large.webp`)).toBeNull();
  });
});

describe('MEDIA_REDIRECT=1: media answered with a redirect to the store', () => {
  const envOf = (extra: Record<string, string>) =>
    readEnv({
      DATA_DIR: path.join(folder, 'redirect-data'),
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'souk-media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'media/',
      ...extra,
    } as NodeJS.ProcessEnv);
  let ctx: TestContext;
  beforeAll(async () => {
    // a client build of one page, to see the pages' Content-Security-Policy
    const clientDir = path.join(folder, 'client');
    fs.mkdirSync(clientDir);
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Souk</title></head><body></body></html>');
    ctx = await createTestContext({ clientDir, storage: await storageFromEnv(envOf({ MEDIA_REDIRECT: '1' })) });
  });
  afterAll(() => ctx.close());

  it('redirects (immutable) to the object in the store, which has the bytes; pages let images come from there', async () => {
    const upload = await uploader(ctx, 'redirect@souk.test');
    const id = await upload('#2a6f97');
    const answer = await ctx.request(`/media/${id}/medium.webp`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const location = answer.headers.get('location')!;
    expect(location).toBe(`${endpoint}/souk-media/media/${id}-medium.webp`);
    // what a browser does next: the store answers the rendition itself, cacheable forever
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('content-type')).toBe('image/webp');
    expect(fromStore.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fromStore.arrayBuffer()).equals((await s3.get(`${id}-medium.webp`))!)).toBe(true);
    // the Content-Security-Policy lets images come from the store's origin, and only images
    const csp = (await ctx.request('/explore')).headers.get('content-security-policy')!;
    expect(csp).toContain(`img-src 'self' data: blob: ${endpoint}`);
    expect(csp.split('; ').filter((directive) => directive.includes(endpoint))).toHaveLength(1);
    // a size that is not one, an id that is not one: still 404, never a redirect
    expect((await ctx.request(`/media/${id}/huge.webp`, { redirect: 'manual' })).status).toBe(404);
    expect((await ctx.request(`/media/..%2Fx/small.webp`, { redirect: 'manual' })).status).toBe(404);
  });

  it('takes a CDN address when given, uses the virtual-host address without path style, and needs an object store', async () => {
    const viaCdn = await storageFromEnv(envOf({ MEDIA_REDIRECT: '1', MEDIA_PUBLIC_URL: 'https://cdn.souk.example/pictures' }));
    expect(viaCdn.publicUrl!('abc-small.webp')).toBe('https://cdn.souk.example/pictures/media/abc-small.webp');
    expect(viaCdn.publicOrigin).toBe('https://cdn.souk.example');
    const virtualHost = await storageFromEnv(
      envOf({ MEDIA_REDIRECT: '1', S3_ENDPOINT: 'https://store.example', S3_FORCE_PATH_STYLE: 'false' }),
    );
    expect(virtualHost.publicUrl!('abc-small.webp')).toBe('https://souk-media.store.example/media/abc-small.webp');
    // off by default: the app sends the bytes
    expect((await storageFromEnv(envOf({}))).publicUrl).toBeUndefined();
    await expect(storageFromEnv(readEnv({ MEDIA_REDIRECT: '1' } as NodeJS.ProcessEnv))).rejects.toThrow(/needs MEDIA_STORAGE=s3/);
  });
});
