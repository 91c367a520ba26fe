import type { PushSubscriptionInput } from '../../shared/notifications';
import { apiRequest } from './api-client';

/**
 * Web push in this browser: whether it can, whether it does, turning it on (permission, the
 * service worker's subscription with the server's VAPID key, kept by the server) and off. The
 * subscription belongs to whoever is signed in: logging out forgets it (lib/session.ts), so the
 * next person on this device never gets the previous one's notifications.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(wait = true): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active || !wait) return existing;
  // the worker is registered on load (index.html); wait for it, but not forever (dev has none)
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 4000))]);
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks permission if needed, subscribes this browser and tells the server. Resolves to the new state. */
export async function enablePush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const { publicKey } = await apiRequest<{ publicKey: string }>('/api/user/notifications/push/key');
  let subscription = await reg.pushManager.getSubscription();
  // a subscription made with another key (another server's) cannot receive ours
  if (subscription && subscription.options.applicationServerKey) {
    const current = new Uint8Array(subscription.options.applicationServerKey);
    const wanted = keyBytes(publicKey);
    if (current.length !== wanted.length || current.some((byte, i) => byte !== wanted[i])) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiRequest('/api/user/notifications/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionInput,
  });
  return 'on';
}

/** Stops push in this browser (and tells the server, unless `serverToo` is false). */
export async function disablePush(serverToo = true): Promise<PushState> {
  const reg = supported() ? await registration(false) : undefined;
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return supported() ? 'off' : 'unsupported';
  if (serverToo) {
    await apiRequest('/api/user/notifications/push/unsubscribe', { method: 'POST', body: { endpoint: subscription.endpoint } }).catch(
      () => undefined,
    );
  }
  await subscription.unsubscribe().catch(() => false);
  return 'off';
}
