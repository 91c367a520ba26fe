import type { CheckinList, ScanOutcome, SyncResponse } from '../../../../shared/checkin';
import { apiRequest } from '../../../lib/api-client';
import { dequeue, queuedScans, readList, writeList, type SavedList } from './door-store';

/** The most scans one upload carries (the server's limit). */
const BATCH = 500;

/** This device at the door: a random id kept on it and the name the staff gave it. */
export interface Device {
  id: string;
  name: string;
}

const DEVICE_KEY = 'souk-door-device';

export function readDevice(): Device {
  try {
    const saved = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Device | null;
    if (saved?.id && saved.name) return saved;
  } catch {
    // a broken entry is replaced below
  }
  const id = crypto.randomUUID();
  const device = { id, name: `Door ${id.slice(0, 4).toUpperCase()}` };
  localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  return device;
}

export function renameDevice(device: Device, name: string): Device {
  const renamed = { ...device, name: name.trim().slice(0, 40) || device.name };
  localStorage.setItem(DEVICE_KEY, JSON.stringify(renamed));
  return renamed;
}

/** Downloads the event's list afresh and keeps it with the scans it carries. */
export async function downloadList(eventId: string): Promise<SavedList> {
  const list = await apiRequest<CheckinList>(`/api/dashboard/checkin/events/${encodeURIComponent(eventId)}/list`);
  const saved: SavedList = {
    shortId: list.event.shortId,
    list,
    syncedAt: new Date().toISOString(),
    scans: Object.fromEntries(list.scans.map((scan) => [scan.id, scan])),
  };
  await writeList(saved);
  return saved;
}

/** The tiers the device's tickets index are still the event's (a tier added or moved renumbers them). */
function sameTiers(list: CheckinList, response: SyncResponse): boolean {
  return list.tiers.length === response.tiers.length && list.tiers.every((tier, index) => tier.id === response.tiers[index]?.id);
}

/** The device's list with the scans and the tickets the server sent since its last sync. */
function merge(saved: SavedList, response: SyncResponse): SavedList {
  const scans = { ...saved.scans };
  for (const change of response.changes) scans[change.id] = change;
  const tickets = new Map(saved.list.tickets.map((entry) => [entry[0], entry]));
  for (const entry of response.tickets) tickets.set(entry[0], entry);
  const list = { ...saved.list, cursor: response.cursor, generatedAt: response.listedAt, tickets: [...tickets.values()] };
  return { ...saved, scans, syncedAt: new Date().toISOString(), list };
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Uploads the event's queued scans in order, then takes in every change after the device's
 * cursor. One upload at a time per tab, so the order holds; a failed upload leaves the queue as it
 * was (each scan's nonce makes the retry harmless).
 */
export function syncDoor(shortId: string, device: Device): Promise<{ saved: SavedList; results: ScanOutcome[] } | undefined> {
  const next = running.then(async () => {
    let saved = await readList(shortId);
    if (!saved) return undefined;
    const results: ScanOutcome[] = [];
    let queue = await queuedScans(shortId);
    do {
      const batch = queue.slice(0, BATCH);
      const response: SyncResponse = await apiRequest<SyncResponse>(
        `/api/dashboard/checkin/events/${encodeURIComponent(saved.list.event.id)}/scans`,
        {
          method: 'POST',
          body: {
            deviceId: device.id,
            deviceName: device.name,
            since: saved.list.cursor,
            listedAt: saved.list.generatedAt,
            scans: batch.map((queued) => queued.scan),
          },
        },
      );
      await dequeue(batch.map((queued) => queued.seq!));
      // new tiers renumber the list's entries: the list is downloaded afresh (the scans are in)
      saved = sameTiers(saved.list, response) ? merge(saved, response) : await downloadList(saved.list.event.id);
      await writeList(saved);
      results.push(...response.results);
      queue = queue.slice(BATCH);
    } while (queue.length > 0);
    return { saved, results };
  });
  running = next.catch(() => undefined);
  return next;
}
