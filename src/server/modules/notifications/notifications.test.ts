import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ece from 'http_ece';
import { usePeople } from '../../testing/people-fixtures';
import { notify } from './notify';
import { lastMailTo, outboxCount } from '../../testing/outbox';
import { notificationPageSchema, notificationSettingsSchema } from '../../../shared/notifications';

/** A push service of our own: records what the server posts, answers 201 (or 410 for endpoints ending in /gone). */
const received: { path: string; body: Buffer; headers: http.IncomingHttpHeaders }[] = [];
const pushService = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', body: Buffer.concat(chunks), headers: request.headers });
    response.writeHead(request.url?.endsWith('/gone') ? 410 : 201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

const people = usePeople(['ann', 'ben', 'cem'], { envOverrides: { PUSH_ENDPOINT_ORIGINS: pushOrigin } });

/** A browser's subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

describe('notify() and the inbox', () => {
  it('stores an in-app notification the recipient reads in their language, with its link and actor', async () => {
    await notify(people.ctx.deps, { to: 'ann', kind: 'friend.request', params: { name: 'Test ben', flip: 'flip-ben' }, actorId: 'ben' });
    const count = await people.call('ann', 'GET', '/api/user/notifications/unread-count');
    expect(count).toEqual({ status: 200, body: { unread: 1 } });
    const en = await people.call('ann', 'GET', '/api/user/notifications');
    expect(en.body.content[0]).toMatchObject({
      kind: 'friend.request',
      title: 'New friend request',
      body: 'Test ben wants to be your friend.',
      link: '/profile/flip-ben',
      readAt: null,
      actor: { name: 'Test ben', flip: 'flip-ben' },
    });
    // the answer is exactly the shared schema's shape (the client types it with it)
    expect(notificationPageSchema.parse(en.body)).toEqual(en.body);
    const ar = await people.call('ann', 'GET', '/api/user/notifications?lang=ar');
    // in Arabic, a Latin name keeps its own direction (isolated)
    expect(ar.body.content[0].body).toBe('يريد \u2068Test ben\u2069 أن يكون صديقك.');
    const fr = await people.call('ann', 'GET', '/api/user/notifications?lang=fr');
    expect(fr.body.content[0].title).toBe('Nouvelle demande d’ami');
    // nobody else sees it
    expect((await people.call('ben', 'GET', '/api/user/notifications')).body.totalElements).toBe(0);
  });

  it('never notifies the actor of their own action', async () => {
    await notify(people.ctx.deps, { to: ['cem'], kind: 'friend.accepted', params: { name: 'Test cem', flip: 'flip-cem' }, actorId: 'cem' });
    expect((await people.call('cem', 'GET', '/api/user/notifications/unread-count')).body.unread).toBe(0);
  });

  it('marks one or all read, only the caller’s own', async () => {
    await notify(people.ctx.deps, {
      to: 'ann',
      kind: 'firm.post',
      params: { firmName: 'Café', postName: 'Hello', postShortId: 'blogb1xx' },
    });
    const list = await people.call('ann', 'GET', '/api/user/notifications');
    expect(list.body.unread).toBe(2);
    const [newest] = list.body.content;
    // ben cannot mark ann's
    expect((await people.call('ben', 'POST', '/api/user/notifications/read', { ids: [newest.id] })).body.unread).toBe(0);
    expect((await people.call('ann', 'GET', '/api/user/notifications/unread-count')).body.unread).toBe(2);
    expect((await people.call('ann', 'POST', '/api/user/notifications/read', { ids: [newest.id] })).body.unread).toBe(1);
    expect((await people.call('ann', 'POST', '/api/user/notifications/read', { all: true })).body.unread).toBe(0);
    const after = await people.call('ann', 'GET', '/api/user/notifications');
    expect(after.body.content.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
  });

  it('refuses bad input and strangers', async () => {
    expect((await people.call(null, 'GET', '/api/user/notifications')).status).toBe(401);
    expect((await people.call(null, 'GET', '/api/user/notifications/unread-count')).status).toBe(401);
    expect((await people.call('ann', 'POST', '/api/user/notifications/read', { ids: [] })).status).toBe(400);
    expect((await people.call('ann', 'POST', '/api/user/notifications/read', { all: false })).status).toBe(400);
    expect((await people.call('ann', 'GET', '/api/user/notifications?lang=de')).status).toBe(400);
    expect(
      (
        await people.call('ann', 'PUT', '/api/user/notifications/settings', {
          kinds: [{ kind: 'nope', inApp: true, email: true, push: true }],
        })
      ).status,
    ).toBe(400);
  });
});

describe('notification settings', () => {
  it('start at the kinds’ defaults and follow what the user chooses, per kind and channel', async () => {
    const initial = await people.call('ben', 'GET', '/api/user/notifications/settings');
    expect(notificationSettingsSchema.parse(initial.body)).toEqual(initial.body);
    expect(initial.body.kinds.find((k: { kind: string }) => k.kind === 'friend.request')).toEqual({
      kind: 'friend.request',
      inApp: true,
      email: false,
      push: true,
    });
    const changed = await people.call('ben', 'PUT', '/api/user/notifications/settings', {
      kinds: [{ kind: 'friend.request', inApp: false, email: true, push: false }],
    });
    expect(changed.body.kinds.find((k: { kind: string }) => k.kind === 'friend.request')).toEqual({
      kind: 'friend.request',
      inApp: false,
      email: true,
      push: false,
    });
    // in-app off: no inbox row; email on: a mail in ben's outbox, in his language
    await people.ctx.deps.db.updateTable('users').set({ language: 'fr' }).where('id', '=', 'ben').execute();
    const before = outboxCount(people.ctx.dataDir);
    await notify(people.ctx.deps, { to: 'ben', kind: 'friend.request', params: { name: 'Test ann', flip: 'flip-ann' }, actorId: 'ann' });
    expect((await people.call('ben', 'GET', '/api/user/notifications')).body.totalElements).toBe(0);
    expect(outboxCount(people.ctx.dataDir)).toBe(before + 1);
    const mail = lastMailTo(people.ctx.dataDir, 'ben@example.com')!;
    expect(mail).toMatchObject({ subject: 'Nouvelle demande d’ami', language: 'fr' });
    expect(mail.text).toContain('Test ann souhaite devenir votre ami.');
    expect(mail.text).toContain('http://localhost/profile/flip-ann');
    expect(mail.html).toContain('href="http://localhost/profile/flip-ann"');
  });
});

describe('web push', () => {
  it('generates the VAPID key pair once into DATA_DIR', async () => {
    const first = await people.call(null, 'GET', '/api/user/notifications/push/key');
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    const stored = JSON.parse(fs.readFileSync(path.join(people.ctx.dataDir, 'secrets', 'vapid.json'), 'utf8'));
    expect(stored.publicKey).toBe(first.body.publicKey);
    expect(fs.statSync(path.join(people.ctx.dataDir, 'secrets', 'vapid.json')).mode & 0o777).toBe(0o600);
    expect((await people.call(null, 'GET', '/api/user/notifications/push/key')).body.publicKey).toBe(first.body.publicKey);
  });

  it('refuses push services it does not know (the server never posts to arbitrary URLs)', async () => {
    const sub = browserSubscription('http://169.254.169.254/latest/meta-data');
    const answer = await people.call('cem', 'POST', '/api/user/notifications/push/subscriptions', sub.json);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.endpoint).toEqual(['validation.pushEndpoint']);
  });

  it('encrypts the notification for the subscribed browser, with a VAPID signature', async () => {
    const sub = browserSubscription(`${pushOrigin}/push/cem-1`);
    expect((await people.call('cem', 'POST', '/api/user/notifications/push/subscriptions', sub.json)).status).toBe(200);
    expect((await people.call('cem', 'GET', '/api/user/notifications/settings')).body.pushDevices).toBe(1);
    received.length = 0;
    await notify(people.ctx.deps, { to: 'cem', kind: 'friend.accepted', params: { name: 'Test ann', flip: 'flip-ann' }, actorId: 'ann' });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/push/cem-1');
    expect(received[0].headers['content-encoding']).toBe('aes128gcm');
    expect(String(received[0].headers.authorization)).toMatch(/^vapid t=.+, k=/);
    const plain = ece.decrypt(received[0].body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth.toString('base64url') });
    expect(JSON.parse(plain.toString('utf8'))).toMatchObject({
      title: 'Friend request accepted',
      body: 'Test ann accepted your friend request.',
      link: '/profile/flip-ann',
    });
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const gone = browserSubscription(`${pushOrigin}/push/cem-2/gone`);
    await people.call('cem', 'POST', '/api/user/notifications/push/subscriptions', gone.json);
    expect((await people.call('cem', 'GET', '/api/user/notifications/settings')).body.pushDevices).toBe(2);
    received.length = 0;
    await notify(people.ctx.deps, {
      to: 'cem',
      kind: 'firm.post',
      params: { firmName: 'Café', postName: 'News', postShortId: 'blogb1xx' },
    });
    expect(received.map((r) => r.path).sort()).toEqual(['/push/cem-1', '/push/cem-2/gone']);
    const endpoints = await people.ctx.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', 'cem').execute();
    expect(endpoints.map((e) => e.endpoint)).toEqual([`${pushOrigin}/push/cem-1`]);
  });

  it('unsubscribes only the caller’s own browser', async () => {
    const endpoint = `${pushOrigin}/push/cem-1`;
    await people.call('ann', 'POST', '/api/user/notifications/push/unsubscribe', { endpoint });
    expect((await people.call('cem', 'GET', '/api/user/notifications/settings')).body.pushDevices).toBe(1);
    await people.call('cem', 'POST', '/api/user/notifications/push/unsubscribe', { endpoint });
    expect((await people.call('cem', 'GET', '/api/user/notifications/settings')).body.pushDevices).toBe(0);
  });
});

describe('the live stream (server-sent events)', () => {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let buffered = '';
  async function nextEvent(): Promise<{ event: string; data: unknown }> {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffered += decoder.decode(value, { stream: true });
    }
  }
  beforeAll(async () => {
    const response = await people.ctx.request('/api/user/stream', { headers: { Cookie: people.cookie('ben') } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    reader = response.body!.getReader();
  });
  afterAll(() => reader?.cancel());

  it('opens with the unread count, then carries every change of it', async () => {
    expect(await nextEvent()).toEqual({ event: 'notifications', data: { unread: 0 } });
    await notify(people.ctx.deps, {
      to: 'ben',
      kind: 'firm.post',
      params: { firmName: 'Café', postName: 'News', postShortId: 'blogb1xx' },
    });
    expect(await nextEvent()).toEqual({ event: 'notifications', data: { unread: 1 } });
    await people.call('ben', 'POST', '/api/user/notifications/read', { all: true });
    expect(await nextEvent()).toEqual({ event: 'notifications', data: { unread: 0 } });
  });

  it('is for signed-in users only', async () => {
    expect((await people.ctx.request('/api/user/stream')).status).toBe(401);
  });
});
