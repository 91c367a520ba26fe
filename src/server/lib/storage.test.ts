import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { CookieJar, insertUser } from '../testing/auth-helpers';
import { createFolderStorage, createS3Storage, type MediaStorage } from './storage';

/** An S3-compatible server in this process (s3rver), on a loopback port: the store several instances share. */
let server: S3rver;
let folder: string;
let s3: MediaStorage;
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
  s3 = await createS3Storage({
    bucket: 'souk-media',
    endpoint: `http://127.0.0.1:${port}`,
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

describe('two processes on one S3-compatible store', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestContext({ storage: s3 });
    b = await a.sibling({ storage: s3 });
  });
  afterAll(() => a.close());

  it('serve a picture uploaded through either, from either; a replaced one goes from the store', async () => {
    await insertUser(a, 'pictures@souk.test', 'amber-lantern-kettle');
    const jar = new CookieJar();
    const login = await a.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: jar.header() },
      body: JSON.stringify({ email: 'pictures@souk.test', password: 'amber-lantern-kettle' }),
    });
    expect(login.status).toBe(200);
    jar.take(login);
    const upload = async (colour: string) => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('image', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
      const response = await a.request('/api/iam/profile/image', { method: 'POST', headers: { Cookie: jar.header() }, body: form });
      expect(response.status).toBe(200);
      return ((await response.json()) as { user: { imagePath: string } }).user.imagePath;
    };
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
