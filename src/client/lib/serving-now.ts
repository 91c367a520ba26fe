import { useCallback, useSyncExternalStore } from 'react';
import { nextServingChange, type ServingHours } from '../../shared/menu-hours';

const MINUTE = 60_000;
const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * The instant a page reads hours of a firm's week at (its menus' serving hours, its opening hours
 * for ordering), to the minute (the hours are whole minutes). The page decides, not the server: the menus are answered with their hours and kept by
 * the API's micro-cache, the rendered-page cache, the browser, the service worker and the device's
 * persisted copy, and none of them would have to end at a menu's start or end. So the answer
 * stays the same all day and the page looks again at the next start or end of any of the hours
 * (on the firm's wall clock, whatever the device's zone).
 *
 * The server renders at `renderedAt` (when the menus were read: the query's `dataUpdatedAt`, sent
 * with the page), and so does the browser while it hydrates that HTML: the markup matches. Then
 * the browser's own clock takes over.
 */
export function useServingNow(hours: readonly (ServingHours | null)[], timeZone: string, renderedAt: number): Date {
  const marks = JSON.stringify(hours);
  const subscribe = useCallback(
    (changed: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        const next = nextServingChange(JSON.parse(marks) as (ServingHours | null)[], timeZone, new Date());
        if (!next) return;
        timer = setTimeout(() => {
          changed();
          schedule();
        }, next.getTime() - Date.now());
      };
      schedule();
      return () => clearTimeout(timer);
    },
    [marks, timeZone],
  );
  const minute = useSyncExternalStore(subscribe, currentMinute, () => Math.floor(renderedAt / MINUTE));
  return new Date(minute * MINUTE);
}
