import { useEffect, useRef } from 'react';

/**
 * What a signed-out visitor tried to do ("follow:<firmId>", "save:<entityId>"), kept in this tab
 * while they log in or sign up (also through the email code or Google's page and back), so the
 * button that asked can do it once they are signed in and back. One at a time, for half an hour:
 * an intent found much later is no longer what the visitor meant.
 */
const STORAGE_KEY = 'souk:pending-intent';
const FRESH_MS = 30 * 60 * 1000;

/** Storage may be refused (private mode, full): then the visitor simply taps again after logging in. */
function withStorage<T>(act: (storage: Storage) => T): T | undefined {
  try {
    return act(sessionStorage);
  } catch {
    return undefined;
  }
}

export const rememberIntent = (intent: string) =>
  void withStorage((storage) => storage.setItem(STORAGE_KEY, JSON.stringify([intent, Date.now()])));

export const forgetIntent = () => void withStorage((storage) => storage.removeItem(STORAGE_KEY));

/** Whether `intent` is the one waiting; taking it removes it, so it is done once. */
export function takeIntent(intent: string, now = Date.now()): boolean {
  const [waiting, at] = withStorage((storage) => JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as [string?, number?]) ?? [];
  if (waiting !== intent) return false;
  forgetIntent();
  return now - (at ?? 0) < FRESH_MS;
}

/** Runs `run` once when `ready` (signed in, the current state known) and `intent` is the one waiting. */
export function usePendingIntent(intent: string, ready: boolean, run: () => void): void {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    if (ready && takeIntent(intent)) runRef.current();
  }, [intent, ready]);
}
