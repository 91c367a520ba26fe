import webpush from 'web-push';
import type { PushPayload } from '../../shared/notifications';
import type { VapidKeys } from './secrets';

/**
 * Web push (RFC 8030 with VAPID, RFC 8292): the VAPID key pair is one of the server's secrets
 * (lib/secrets.ts: generated once into `${DATA_DIR}/secrets/vapid.json`, or shared through the
 * database by every process on PostgreSQL), so subscriptions survive restarts and instances.
 * The `web-push` library encrypts the payload and signs the VAPID header; the request goes out
 * with fetch (time-limited), only to the known push services (or PUSH_ENDPOINT_ORIGINS).
 */
interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent; gone (the push service says the subscription no longer exists: delete it); failed (try later) */
type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  /** whether the server may post to this endpoint at all */
  allowsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** The push services of the browsers people use: Chrome/Edge/Opera, Firefox, Safari, Windows. */
const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];

const senders = new Map<string, PushSender>();

/**
 * The push sender of a key pair (one per pair and process).
 * `extraOrigins`: origins besides the known push services the server may post to (tests run a
 * push service of their own on 127.0.0.1; a self-hosted one would be listed here too).
 */
export function pushSender(options: { keys: VapidKeys; publicUrl: string; extraOrigins?: string[]; timeoutMs?: number }): PushSender {
  const cacheKey = `${options.keys.publicKey}|${(options.extraOrigins ?? []).join(',')}`;
  const cached = senders.get(cacheKey);
  if (cached) return cached;
  const keys = options.keys;
  // VAPID asks for a contact: a mailto: or an https: URL of the sender.
  const subject = options.publicUrl.startsWith('https://') ? options.publicUrl : 'mailto:push@souk.localhost';
  const extra = new Set((options.extraOrigins ?? []).map((origin) => origin.replace(/\/$/, '')));
  const timeoutMs = options.timeoutMs ?? 5000;

  const allowsEndpoint = (endpoint: string) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (extra.has(url.origin)) return true;
    return url.protocol === 'https:' && KNOWN_PUSH_HOSTS.some((host) => host.test(url.hostname));
  };

  const sender: PushSender = {
    publicKey: keys.publicKey,
    allowsEndpoint,
    async send(target, payload) {
      if (!allowsEndpoint(target.endpoint)) return 'gone';
      let request;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            contentEncoding: 'aes128gcm',
            TTL: 24 * 60 * 60,
            urgency: 'normal',
          },
        );
      } catch {
        // keys the library cannot use: this subscription can never receive anything
        return 'gone';
      }
      try {
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status === 404 || response.status === 410) return 'gone';
        return response.ok ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
  senders.set(cacheKey, sender);
  return sender;
}
