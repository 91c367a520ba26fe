import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import ece from 'http_ece';
import { logInWithForm } from './support/auth';
import { undoRelation } from './support/people';
import { waitForControllingWorker } from './support/pwa';

/**
 * Web push end to end: Hana turns push on in /profile/notifications, Lucas sends her a friend
 * request, the server encrypts the notification with its VAPID key and posts it to her push
 * service, and her service worker's push handler shows it (registration.getNotifications()).
 *
 * A browser in this sandbox has no push service to subscribe with (Chromium's is Google's, out of
 * reach), so the test stands in for the push service and nothing else: the page's
 * pushManager.subscribe() answers a subscription whose endpoint is this test's HTTP server and
 * whose keys the test holds; what the server posts there is decrypted and handed to the real
 * worker with the DevTools protocol's ServiceWorker.deliverPushMessage, as the push service
 * would deliver it.
 */
const PUSH_PORT = Number(process.env.E2E_PORT ?? 8300) + 7;

test('push: subscribe from the settings, a friend request arrives, the worker shows it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const pushService = http
    .createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(201).end();
      });
    })
    .listen(PUSH_PORT, '127.0.0.1');
  await new Promise((resolve) => pushService.once('listening', resolve));

  try {
    // the browser side of the subscription: the keys a browser would make
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const subscription = {
      endpoint: `http://127.0.0.1:${PUSH_PORT}/push/hana`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };

    const origin = new URL(baseURL!).origin;
    const hanaContext = await browser.newContext({ locale: 'en-US' });
    await hanaContext.grantPermissions(['notifications'], { origin });
    await hanaContext.addInitScript((sub) => {
      let current: unknown = null;
      const w = window as unknown as { __pushKey?: string };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        w.__pushKey = btoa(String.fromCharCode(...new Uint8Array(key)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        current = {
          endpoint: sub.endpoint,
          options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        return current as PushSubscription;
      };
    }, subscription);
    const hana = await hanaContext.newPage();
    await logInWithForm(hana, 'hana@souk.test');
    await hana.goto('/profile/notifications?tab=settings');
    await waitForControllingWorker(hana);

    // subscribe through the page
    await hana.getByTestId('push-enable').click();
    await expect(hana.getByTestId('push-state')).toHaveAttribute('data-state', 'on');
    const serverKey = (await (await hana.request.get('/api/user/notifications/push/key')).json()).publicKey as string;
    expect(await hana.evaluate(() => (window as unknown as { __pushKey?: string }).__pushKey)).toBe(serverKey);

    // Lucas asks Hana to be friends
    const lucasContext = await browser.newContext({ locale: 'en-US' });
    const lucas = await lucasContext.newPage();
    await logInWithForm(lucas, 'lucas@souk.test');
    await undoRelation(lucas, 'hana.saleh'); // a retry runs on the same database: the earlier attempt's request is withdrawn
    await lucas.goto('/profile/hana.saleh');
    await lucas.getByRole('button', { name: 'Add friend' }).click();
    await expect(lucas.getByRole('button', { name: /Requested/ })).toBeVisible();

    // the server posted an encrypted, VAPID-signed message to Hana's push service
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [message] = received;
    expect(message.path).toBe('/push/hana');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(String(message.headers.authorization)).toContain(`k=${serverKey}`);
    const payload = ece
      .decrypt(message.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: subscription.keys.auth })
      .toString('utf8');
    expect(JSON.parse(payload)).toMatchObject({ title: 'New friend request', link: '/profile/lucas.moreau' });

    // the push service delivers it to Hana's worker, whose push handler shows it
    const cdp = await hanaContext.newCDPSession(hana);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
        if (live) resolve(live.registrationId);
      });
    });
    // what the worker went through, to say why if nothing is shown (a CI run once showed nothing, not seen since)
    const workerLog: string[] = [];
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => workerLog.push(`error: ${errorMessage.errorMessage}`));
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) =>
      workerLog.push(...versions.map((v) => `version ${v.versionId}: ${v.status}, ${v.runningStatus}`)),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: payload });
    const shown = expect
      .poll(
        () =>
          hana.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              link: (n.data as { link: string }).link,
            }));
          }),
        { timeout: 20_000 },
      )
      .toEqual([{ title: 'New friend request', body: 'Lucas Moreau wants to be your friend.', link: '/profile/lucas.moreau' }]);
    await shown.catch((error: Error) => {
      throw new Error(`${error.message}\n\nthe worker, as DevTools saw it:\n${workerLog.join('\n')}`);
    });

    await lucasContext.close();
    await hanaContext.close();
  } finally {
    pushService.closeAllConnections();
    await new Promise((resolve) => pushService.close(resolve));
  }
});
