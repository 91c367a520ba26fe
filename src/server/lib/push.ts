import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../shared/notifications';

/**
 * Web push (RFC 8030 with VAPID, RFC 8292): the VAPID key pair is generated once into
 * `${DATA_DIR}/secrets/vapid.json` (mode 0600) on first start, so subscriptions survive restarts.
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

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'vapid.json');
  try {
    const existing = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (existing.publicKey && existing.privateKey) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
  } catch {
    // not there yet
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // another process wrote it first
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  }
}

const senders = new Map<string, PushSender>();

/**
 * The push sender of a data folder (one per folder and process: the keys are read once).
 * `extraOrigins`: origins besides the known push services the server may post to (tests run a
 * push service of their own on 127.0.0.1; a self-hosted one would be listed here too).
 */
export function pushSender(options: { dataDir: string; publicUrl: string; extraOrigins?: string[]; timeoutMs?: number }): PushSender {
  const cacheKey = `${options.dataDir}|${(options.extraOrigins ?? []).join(',')}`;
  const cached = senders.get(cacheKey);
  if (cached) return cached;
  const keys = loadOrCreateVapidKeys(options.dataDir);
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
