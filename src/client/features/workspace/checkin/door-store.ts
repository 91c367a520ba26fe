import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckinList, CheckinScan, ScanInput } from '../../../../shared/checkin';

/**
 * The door's offline state in IndexedDB: each event's downloaded list (with the scans the server
 * has confirmed since, and its sync cursor) and the queue of scans not yet uploaded, in the order
 * they were made. A scan is in the queue before the screen answers, so a closed tab or a dead
 * battery loses nothing: the queue is uploaded when the screen opens again online.
 */
export interface SavedList {
  shortId: string;
  list: CheckinList;
  /** when the list was last brought up to date with the server */
  syncedAt: string;
  /** every scan the server has told this device about, by id */
  scans: Record<string, CheckinScan>;
}

export interface QueuedScan {
  seq?: number;
  shortId: string;
  eventId: string;
  ticketId: string | null;
  deviceName: string;
  scan: ScanInput;
}

interface DoorDb extends DBSchema {
  lists: { key: string; value: SavedList };
  queue: { key: number; value: QueuedScan; indexes: { event: string } };
}

let opened: Promise<IDBPDatabase<DoorDb>> | undefined;

function door() {
  opened ??= openDB<DoorDb>('souk-door', 1, {
    upgrade(db) {
      db.createObjectStore('lists', { keyPath: 'shortId' });
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('event', 'shortId');
    },
  });
  return opened;
}

export async function readList(shortId: string): Promise<SavedList | undefined> {
  return (await door()).get('lists', shortId);
}

export async function writeList(saved: SavedList): Promise<void> {
  await (await door()).put('lists', saved);
}

/** The event's queued scans, oldest first. */
export async function queuedScans(shortId: string): Promise<QueuedScan[]> {
  return (await door()).getAllFromIndex('queue', 'event', shortId);
}

export async function enqueue(scan: QueuedScan): Promise<number> {
  return (await door()).add('queue', scan);
}

export async function markOffline(seq: number): Promise<void> {
  const db = await door();
  const queued = await db.get('queue', seq);
  if (queued) await db.put('queue', { ...queued, scan: { ...queued.scan, offline: true } });
}

export async function dequeue(seqs: number[]): Promise<void> {
  const tx = (await door()).transaction('queue', 'readwrite');
  await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
}
