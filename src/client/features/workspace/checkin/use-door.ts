import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { importCheckinKey, signTicketCode, type CheckinLiveEvent, type CheckinScan } from '../../../../shared/checkin';
import { useLiveEvent } from '../../../lib/live-events';
import { decideScan, decisionOf, indexTickets, localCounts, standingAdmissions, type DoorVerdict } from './door-decision';
import { enqueue, markOffline, queuedScans, readList, type QueuedScan, type SavedList } from './door-store';
import { downloadList, readDevice, renameDevice, syncDoor, type Device } from './door-sync';

/** How long an online scan waits for the server before the device's own answer stands. */
const ONLINE_WAIT_MS = 3000;

export interface ShownVerdict {
  verdict: DoorVerdict;
  code: string;
  at: string;
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms));
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Queued scans shown as the admissions they are until the server confirms them. */
function pendingScans(queue: QueuedScan[]): Pick<CheckinScan, 'ticketId' | 'result' | 'deviceName' | 'scannedAt'>[] {
  return queue
    .filter((queued) => queued.scan.decision === 'admitted')
    .map((queued) => ({ ticketId: queued.ticketId, result: 'admitted', deviceName: queued.deviceName, scannedAt: queued.scan.scannedAt }));
}

/**
 * The check-in screen's state: the event's list from IndexedDB (downloaded when missing), the
 * queue, the device, scanning and syncing. `eventId` is known once the event has been read online;
 * offline the saved list is enough.
 */
export function useDoor(shortId: string, eventId: string | undefined) {
  const online = useOnline();
  const [device, setDevice] = useState<Device>(readDevice);
  const [saved, setSaved] = useState<SavedList | null | undefined>(undefined);
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const deviceRef = useRef(device);

  const reloadQueue = useCallback(async () => setQueue(await queuedScans(shortId)), [shortId]);

  const sync = useCallback(async () => {
    try {
      const synced = await syncDoor(shortId, deviceRef.current);
      if (synced) setSaved(synced.saved);
      setProblem(null);
      return synced;
    } catch (error) {
      setProblem(error);
      return undefined;
    } finally {
      await reloadQueue();
    }
  }, [shortId, reloadQueue]);

  const download = useCallback(async () => {
    if (!eventId) return;
    try {
      setSaved(await downloadList(eventId));
      setProblem(null);
    } catch (error) {
      setProblem(error);
    }
  }, [eventId]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const stored = await readList(shortId);
      if (!live) return;
      setSaved(stored ?? null);
      await reloadQueue();
    })();
    return () => {
      live = false;
    };
  }, [shortId, reloadQueue]);

  // the first visit online downloads the list; a reopened screen uploads what is still queued
  const arrive = useEffectEvent(() => {
    if (saved === null) void download();
    else if (saved) void sync();
  });
  const loaded = saved !== undefined;
  useEffect(() => {
    // the state changes when the download or upload answers, never during the effect
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (online && loaded) arrive();
  }, [online, eventId, loaded]);

  const listKey = saved?.list.key;
  const key = useMemo(() => (listKey ? importCheckinKey(listKey) : null), [listKey]);

  useLiveEvent(
    'checkin',
    useCallback(
      (data: unknown) => {
        const event = data as CheckinLiveEvent;
        if (saved && event.eventId === saved.list.event.id && event.cursor > saved.list.cursor) void sync();
      },
      [saved, sync],
    ),
  );

  const tickets = useMemo(() => (saved ? indexTickets(saved.list) : new Map()), [saved]);
  const serverScans = useMemo(() => Object.values(saved?.scans ?? {}), [saved]);
  const standing = useMemo(() => standingAdmissions([...serverScans, ...pendingScans(queue)]), [serverScans, queue]);
  const counts = useMemo(() => (saved ? localCounts(saved.list, standing) : []), [saved, standing]);

  /** Decides a scanned or typed code, queues it, and (online) lets the server confirm an admission. */
  const scan = useCallback(
    async (code: string): Promise<ShownVerdict | undefined> => {
      if (!saved || !key) return undefined;
      let verdict = await decideScan(await key, saved.list.event.shortId, tickets, standing, code);
      const nonce = crypto.randomUUID();
      const scannedAt = new Date().toISOString();
      const offline = !navigator.onLine;
      const entry: QueuedScan = {
        shortId,
        eventId: saved.list.event.id,
        ticketId: 'ticket' in verdict ? verdict.ticket.id : null,
        deviceName: deviceRef.current.name,
        scan: { nonce, code, scannedAt, offline, decision: decisionOf(verdict) },
      };
      const seq = await enqueue(entry);
      // the queue on screen follows the stored one without reading it back: one IndexedDB round trip per scan
      const queued = (current: QueuedScan[]) => [...current, { ...entry, seq }];
      if (!offline && verdict.kind === 'admitted') {
        setQueue(queued);
        const synced = await Promise.race([sync(), timeout(ONLINE_WAIT_MS)]).catch(() => undefined);
        const outcome = synced?.results.find((result) => result.nonce === nonce);
        if (!outcome) await markOffline(seq);
        else if (outcome.result !== 'admitted' && outcome.first)
          verdict = { kind: 'already_used', ticket: verdict.ticket, first: outcome.first };
      } else {
        // set in the same turn as the answer below: one render shows both, and the next scan sees this one
        setQueue(queued);
        if (!offline) void sync();
      }
      const result = { verdict, code, at: scannedAt };
      setShown(result);
      return result;
    },
    [saved, key, tickets, standing, shortId, sync],
  );

  /** Admits a ticket found by the manual search, as if its code had been scanned. */
  const admit = useCallback(
    async (ticketId: string) => {
      if (!saved || !key) return undefined;
      return scan(await signTicketCode(await key, saved.list.event.shortId, ticketId));
    },
    [saved, key, scan],
  );

  return {
    online,
    device,
    rename: (name: string) => {
      deviceRef.current = renameDevice(device, name);
      setDevice(deviceRef.current);
    },
    saved,
    queue,
    tickets,
    standing,
    counts,
    scans: serverScans,
    shown,
    problem,
    ready: Boolean(saved),
    scan,
    admit,
    sync,
    download,
  };
}
