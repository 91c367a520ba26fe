import type { FirmCalendar } from '../../../../shared/firm-calendar';
import type { OpeningInterval } from '../../../../shared/firms';
import { atLocalMidnight } from '../../../../shared/opening-hours';
import { addDays, localDay } from '../bookings/booking-days';
import { weekday } from './calendar-days';

/** One thing on the calendar: an event of the firm, a booking or a closure, with the local day it is shown on. */
export interface CalendarItem {
  id: string;
  kind: 'event' | 'booking' | 'closure';
  day: string;
  startsAt: string;
  endsAt: string;
  title: string;
  /** cancelled, or a booking whose party never came: shown struck through */
  off: boolean;
  /** a closure that takes the whole day: shown without hours */
  allDay: boolean;
}

/** Each local day a closure covers (its last instant included, its end not), as one item per day. */
function closureDays(closure: FirmCalendar['closures'][number], timeZone: string, closed: string): CalendarItem[] {
  const first = localDay(closure.startsAt, timeZone);
  const last = localDay(new Date(Date.parse(closure.endsAt) - 1), timeZone);
  const fromMidnight = atLocalMidnight(closure.startsAt, timeZone);
  const items: CalendarItem[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    items.push({
      id: `${closure.id}:${day}`,
      kind: 'closure',
      day,
      startsAt: closure.startsAt,
      endsAt: closure.endsAt,
      title: closure.reason ? `${closed} · ${closure.reason}` : closed,
      off: false,
      // a day is taken whole when the closure began by its midnight and runs past its end
      allDay: (day > first || fromMidnight) && localDay(closure.endsAt, timeZone) > day,
    });
  }
  return items;
}

/**
 * The calendar's items by the firm's local day of their start (a closure on every day it covers,
 * titled `closed` and its reason), each day's in time order.
 */
export function itemsByDay(calendar: FirmCalendar, closed: string): Map<string, CalendarItem[]> {
  const { timeZone } = calendar;
  const items: CalendarItem[] = [
    ...calendar.events.map((event) => ({
      id: event.id,
      kind: 'event' as const,
      day: localDay(event.startsAt, timeZone),
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      title: event.name,
      off: event.cancelled,
      allDay: false,
    })),
    ...calendar.bookings.map((booking) => ({
      id: booking.id,
      kind: 'booking' as const,
      day: localDay(booking.startsAt, timeZone),
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      title: `${booking.guestName} · ${booking.party} · ${booking.tableName}`,
      off: booking.status === 'cancelled' || booking.status === 'no_show',
      allDay: false,
    })),
    ...calendar.closures.flatMap((closure) => closureDays(closure, timeZone, closed)),
  ].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
  return byDay;
}

/** The opening intervals of a local day, as "12:00–15:00"; empty when the firm is closed that day. */
export const hoursOn = (hours: readonly OpeningInterval[], day: string) =>
  hours.filter((interval) => interval.day === weekday(day)).map((interval) => `${interval.open}–${interval.close}`);
