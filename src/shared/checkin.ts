import { z } from 'zod';
import { pagedSchema, pagingQuery } from './paging';

/**
 * Check-in at the door. A ticket's code carries the event's short id, the ticket id and a
 * signature (HMAC-SHA256 under a key of the event that only the firm's check-in devices receive),
 * so a device with the downloaded list decides a scan alone, with no connection: a forged or
 * altered code fails the signature. The same functions run on the server and in the browser
 * (Web Crypto is global in both).
 */
const CODE_PREFIX = 'SK1';
/** 16 bytes of the MAC: 128 bits are plenty against forgery and keep the QR code small */
const MAC_BYTES = 16;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The event's check-in key (as the list carries it, base64url) ready to sign and verify. */
export function importCheckinKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64Url(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

async function mac(key: CryptoKey, eventShortId: string, ticketId: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${eventShortId}.${ticketId}`));
  return toBase64Url(new Uint8Array(signature).slice(0, MAC_BYTES));
}

/** The code a ticket's QR shows. */
export async function signTicketCode(key: CryptoKey, eventShortId: string, ticketId: string): Promise<string> {
  return `${CODE_PREFIX}.${eventShortId}.${ticketId}.${await mac(key, eventShortId, ticketId)}`;
}

/** Compares two strings in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export type CodeCheck = { ok: true; ticketId: string } | { ok: false; reason: 'invalid' | 'wrong_event' };

/** What a scanned text is for the event: one of its tickets (signature checked), another event's code, or nothing valid. */
export async function verifyTicketCode(key: CryptoKey, eventShortId: string, text: string): Promise<CodeCheck> {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts[0] !== CODE_PREFIX || !parts[2]) return { ok: false, reason: 'invalid' };
  const [, shortId, ticketId, signature] = parts;
  // another event's code cannot be checked with this key: it is refused as such, forged or not
  if (shortId !== eventShortId) return { ok: false, reason: 'wrong_event' };
  if (!sameText(signature, await mac(key, eventShortId, ticketId))) return { ok: false, reason: 'invalid' };
  return { ok: true, ticketId };
}

/** A ticket in the downloaded list: 0 valid, 1 not yet valid (unpaid), 2 void (refunded, cancelled or passed on). */
export const LIST_STATUS = { valid: 0, notYetValid: 1, void: 2 } as const;
export type ListStatus = (typeof LIST_STATUS)[keyof typeof LIST_STATUS];

/** Why a scan was refused. */
export const REFUSALS = ['already_used', 'wrong_event', 'invalid', 'void', 'not_yet_valid'] as const;
export type Refusal = (typeof REFUSALS)[number];

/** A scan as the server keeps it: admitted, a second admission of a ticket (kept and flagged), undone, or refused. */
export const SCAN_RESULTS = ['admitted', 'conflict', 'undone', 'refused'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const checkinScanSchema = z.object({
  id: z.string(),
  ticketId: z.string().nullable(),
  nonce: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  staffName: z.string(),
  scannedAt: z.string(),
  result: z.enum(SCAN_RESULTS),
  reason: z.enum(REFUSALS).nullable(),
  /** the change sequence: a device asks for everything after the highest it has */
  seq: z.number().int(),
});
export type CheckinScan = z.infer<typeof checkinScanSchema>;

export const tierCountSchema = z.object({ id: z.string(), name: z.string(), admitted: z.number().int(), total: z.number().int() });
export type TierCount = z.infer<typeof tierCountSchema>;

/**
 * The event's ticket list for a check-in device, compact (thousands of tickets): each ticket is
 * `[id, tier index, holder name, list status]`; `scans` are the admissions and conflicts so far.
 */
const listTiersSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const listTicketsSchema = z.array(z.tuple([z.string(), z.number().int(), z.string(), z.number().int()]));

export const checkinListSchema = z.object({
  event: z.object({ id: z.string(), shortId: z.string(), name: z.string(), startDateTime: z.string() }),
  key: z.string(),
  generatedAt: z.string(),
  cursor: z.number().int(),
  tiers: listTiersSchema,
  tickets: listTicketsSchema,
  scans: z.array(checkinScanSchema),
  counts: z.array(tierCountSchema),
});
export type CheckinList = z.infer<typeof checkinListSchema>;

const deviceFields = {
  /** the device's own random id, kept in its storage */
  deviceId: z.string().trim().min(8).max(64),
  /** what the door staff call the device ("Door 1") */
  deviceName: z.string().trim().min(1).max(40),
};

export const scanInputSchema = z.object({
  /** unique per scan: a retried upload is recorded once */
  nonce: z.string().min(8).max(64),
  code: z.string().max(200),
  scannedAt: z.iso.datetime(),
  /** decided on the device without the server: it stands as it was at the door */
  offline: z.boolean(),
  /** what the device showed (for an offline scan, what happened at the door) */
  decision: z.enum(['admitted', ...REFUSALS]),
});
export type ScanInput = z.infer<typeof scanInputSchema>;

export const scanBatchSchema = z.object({
  ...deviceFields,
  /** the highest change sequence the device holds */
  since: z.number().int().min(0),
  /** when the device's ticket list was last brought up to date (`listedAt` of the last answer) */
  listedAt: z.iso.datetime().optional(),
  /** in the order the device made them */
  scans: z.array(scanInputSchema).max(500),
});
export type ScanBatch = z.infer<typeof scanBatchSchema>;

export const scanOutcomeSchema = z.object({
  nonce: z.string(),
  result: z.enum(SCAN_RESULTS),
  reason: z.enum(REFUSALS).nullable(),
  ticketId: z.string().nullable(),
  /** the admission that came first, when this one was refused as already used or flagged */
  first: z.object({ deviceName: z.string(), scannedAt: z.string() }).nullable(),
});
export type ScanOutcome = z.infer<typeof scanOutcomeSchema>;

export const syncResponseSchema = z.object({
  results: z.array(scanOutcomeSchema),
  cursor: z.number().int(),
  /** every scan that changed after `since` (the other devices' admissions, flags, undos) */
  changes: z.array(checkinScanSchema),
  counts: z.array(tierCountSchema),
  /** with `listedAt`: the tickets sold or changed since (as in the list), the tiers they index, and the new `listedAt` */
  tickets: listTicketsSchema,
  tiers: listTiersSchema,
  listedAt: z.string(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

export const checkinLogQuerySchema = z.object({ ...pagingQuery(100, 50) });
export const checkinLogPageSchema = pagedSchema(checkinScanSchema);

/** The live bus event after scans change: devices online sync on it. */
export interface CheckinLiveEvent {
  eventId: string;
  cursor: number;
  counts: TierCount[];
}

/** A ticket sold and valid, as the event's attendee list shows it: who holds it, its tier and order, and when it was admitted. */
export const attendeeSchema = z.object({
  ticketId: z.string(),
  holderName: z.string(),
  tierName: z.string(),
  orderReference: z.string(),
  checkedInAt: z.string().nullable(),
});

export const attendeeListSchema = z.object({
  event: z.object({ id: z.string(), shortId: z.string(), name: z.string(), startDateTime: z.string(), timezone: z.string() }),
  attendees: z.array(attendeeSchema),
});
export type AttendeeList = z.infer<typeof attendeeListSchema>;
