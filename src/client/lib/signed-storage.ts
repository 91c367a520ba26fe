/**
 * localStorage wrapper: every value is stored as
 * {value, expiry, signature}. A wrong signature or a passed expiry removes the item and
 * yields nothing, so a hand-edited or stale entry never reaches the app.
 */
const SIGNING_SALT = 'souk/storage/v1';

interface Envelope<T> {
  value: T;
  /** epoch ms; null never expires */
  expiry: number | null;
  signature: string;
}

/** cyrb53: a small, fast, well-distributed 53-bit string hash. Integrity, not secrecy. */
export function hashString(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function sign(key: string, json: string, expiry: number | null): string {
  return hashString(`${SIGNING_SALT}|${key}|${expiry ?? ''}|${json}`);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

/** `store`: the page's localStorage unless given (the query persister passes the storage it writes to). */
export function setStored<T>(key: string, value: T, ttlMs?: number, now = Date.now(), store = storage()): void {
  const expiry = ttlMs === undefined ? null : now + ttlMs;
  const json = JSON.stringify(value);
  const envelope: Envelope<T> = { value, expiry, signature: sign(key, json, expiry) };
  try {
    store?.setItem(key, JSON.stringify(envelope));
  } catch {
    // quota exceeded: the app keeps working without persistence
  }
}

export function getStored<T>(key: string, now = Date.now(), store = storage()): T | undefined {
  const raw = store?.getItem(key);
  if (raw == null) return undefined;
  try {
    const envelope = JSON.parse(raw) as Envelope<T>;
    const valid =
      envelope &&
      typeof envelope === 'object' &&
      'value' in envelope &&
      envelope.signature === sign(key, JSON.stringify(envelope.value), envelope.expiry ?? null) &&
      (envelope.expiry == null || envelope.expiry > now);
    if (valid) return envelope.value;
  } catch {
    // not JSON: fall through and remove
  }
  store?.removeItem(key);
  return undefined;
}

export function removeStored(key: string): void {
  storage()?.removeItem(key);
}

export const STORAGE_KEYS = {
  language: 'app_lang',
  theme: 'theme_preference',
  selectedFirm: 'selected_firm',
  tabMemory: 'tab_memory',
  /** who was signed in last on this device (lib/session.ts); removed at sign-out */
  lastUser: 'souk_last_user',
  /** when /profile/version last asked for a new version */
  lastUpdateCheck: 'last_update_check',
} as const;
