import { tzOffset } from '@date-fns/tz';
import type { OpeningInterval } from './firms';
import { isOpenAt } from './opening-hours';

const MINUTE = 60_000;
// every zone's offset is a whole multiple of five minutes, so this walk meets every wall-clock grid point
const STEP = 5 * MINUTE;

export interface SlotGrid {
  /** the local day, YYYY-MM-DD, in the firm's time zone */
  date: string;
  timeZone: string;
  hours: readonly OpeningInterval[];
  slotMinutes: number;
  /** how long a booking holds its table */
  turnMinutes: number;
}

function localDate(at: number, timeZone: string): { date: string; minutes: number } {
  const wall = new Date(at + tzOffset(timeZone, new Date(at)) * MINUTE);
  return { date: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/**
 * The instants a booking may start on `date` in the firm's zone: on the wall-clock grid, with the
 * whole turn inside the opening hours. The walk goes over real instants rather than wall times, so
 * the hour a spring change skips yields no slot and the hour an autumn change repeats yields two.
 */
export function slotStarts(grid: SlotGrid): Date[] {
  const midnight = Date.parse(`${grid.date}T00:00:00Z`);
  const starts: Date[] = [];
  // the widest offsets are 14 hours either side of UTC; the extra hours cover a turn past midnight
  for (let at = midnight - 14 * 60 * MINUTE; at < midnight + 38 * 60 * MINUTE; at += STEP) {
    const wall = localDate(at, grid.timeZone);
    if (wall.date !== grid.date || wall.minutes % grid.slotMinutes !== 0) continue;
    const end = at + grid.turnMinutes * MINUTE;
    if (isOpenAt(grid.hours, grid.timeZone, new Date(at)) && isOpenAt(grid.hours, grid.timeZone, new Date(end - MINUTE))) {
      starts.push(new Date(at));
    }
  }
  return starts;
}
