import type { FirmCalendar } from '../../../../shared/firm-calendar';
import type { OpeningInterval } from '../../../../shared/firms';
import { localDay } from '../bookings/booking-days';
import { weekday } from './calendar-days';

/** One thing on the calendar: an event of the firm or a booking, with the local day it starts on. */
export interface CalendarItem {
  id: string;
  kind: 'event' | 'booking';
  day: string;
  startsAt: string;
  endsAt: string;
  title: string;
  /** cancelled, or a booking whose party never came: shown struck through */
  off: boolean;
}

/** The calendar's items by the firm's local day of their start, each day's in time order. */
export function itemsByDay(calendar: FirmCalendar): Map<string, CalendarItem[]> {
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
    })),
    ...calendar.bookings.map((booking) => ({
      id: booking.id,
      kind: 'booking' as const,
      day: localDay(booking.startsAt, timeZone),
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      title: `${booking.guestName} · ${booking.party} · ${booking.tableName}`,
      off: booking.status === 'cancelled' || booking.status === 'no_show',
    })),
  ].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
  return byDay;
}

/** The opening intervals of a local day, as "12:00–15:00"; empty when the firm is closed that day. */
export const hoursOn = (hours: readonly OpeningInterval[], day: string) =>
  hours.filter((interval) => interval.day === weekday(day)).map((interval) => `${interval.open}–${interval.close}`);
