import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TillCatalogue, TillSaleInput } from './till';
import type { TillShiftState } from './till-shifts';

/**
 * The till's offline state in IndexedDB, on the device (the till's pages and the service worker open it;
 * never the server): the last catalogue and open shift of each firm (so a till
 * reopened offline still shows its grid, and its sales still join the shift) and the queue of sales made offline, in the order they were made.
 * A sale is in the queue before the screen says it is done, so a closed tab or a dead battery loses
 * nothing: the queue is sent when the connection returns or the till opens again online. A sale the
 * server refused for good (an item deleted meanwhile) moves to `refused`, for the person at the till
 * to see, instead of blocking the sales after it.
 */
export interface QueuedSale {
  seq?: number;
  firmId: string;
  input: TillSaleInput;
}

export interface RefusedSale extends QueuedSale {
  /** the server's reason, in the till's language */
  reason: string;
}

interface TillDb extends DBSchema {
  catalogues: { key: string; value: { firmId: string; catalogue: TillCatalogue } };
  shifts: { key: string; value: { firmId: string; state: TillShiftState } };
  queue: { key: number; value: QueuedSale; indexes: { firm: string } };
  refused: { key: number; value: RefusedSale; indexes: { firm: string } };
}

let opened: Promise<IDBPDatabase<TillDb>> | undefined;

function till() {
  opened ??= openDB<TillDb>('souk-till', 2, {
    upgrade(db, oldVersion) {
      // a device's queue outlives an update of the app: each version adds its stores, never drops one
      if (oldVersion < 1) {
        db.createObjectStore('catalogues', { keyPath: 'firmId' });
        db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('firm', 'firmId');
        db.createObjectStore('refused', { keyPath: 'seq' }).createIndex('firm', 'firmId');
      }
      if (oldVersion < 2) db.createObjectStore('shifts', { keyPath: 'firmId' });
    },
  });
  return opened;
}

export async function readCatalogue(firmId: string): Promise<TillCatalogue | undefined> {
  return (await (await till()).get('catalogues', firmId))?.catalogue;
}

export async function keepCatalogue(firmId: string, catalogue: TillCatalogue): Promise<void> {
  await (await till()).put('catalogues', { firmId, catalogue });
}

export async function readShift(firmId: string): Promise<TillShiftState | undefined> {
  return (await (await till()).get('shifts', firmId))?.state;
}

export async function keepShift(firmId: string, state: TillShiftState): Promise<void> {
  await (await till()).put('shifts', { firmId, state });
}

/** The firm's sales waiting to be sent, oldest first. */
export async function queuedSales(firmId: string): Promise<QueuedSale[]> {
  return (await till()).getAllFromIndex('queue', 'firm', firmId);
}

/** Every firm's sales waiting to be sent, oldest first (the service worker sends them all). */
export async function allQueuedSales(): Promise<QueuedSale[]> {
  return (await till()).getAll('queue');
}

export async function enqueueSale(sale: QueuedSale): Promise<void> {
  await (await till()).add('queue', sale);
}

export async function dequeueSale(seq: number): Promise<void> {
  await (await till()).delete('queue', seq);
}

/** Out of the queue and into the refused list, in one transaction: never in both, never in neither. */
export async function refuseSale(sale: RefusedSale): Promise<void> {
  const tx = (await till()).transaction(['queue', 'refused'], 'readwrite');
  await Promise.all([tx.objectStore('queue').delete(sale.seq!), tx.objectStore('refused').put(sale), tx.done]);
}

export async function refusedSales(firmId: string): Promise<RefusedSale[]> {
  return (await till()).getAllFromIndex('refused', 'firm', firmId);
}

export async function forgetRefused(seq: number): Promise<void> {
  await (await till()).delete('refused', seq);
}
