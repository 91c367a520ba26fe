/**
 * "Add to calendar" for an event: an iCalendar file (RFC 5545) and a Google Calendar link, both
 * in UTC with the venue's zone named, so any calendar shows the venue's wall-clock time.
 */
export interface CalendarEvent {
  uid: string;
  name: string;
  description: string;
  start: string;
  /** without an end, two hours */
  end: string | null;
  location: string;
  url: string;
  timezone: string;
}

const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/** 20261201T020000Z */
const utcStamp = (iso: string | number) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const endOf = (event: CalendarEvent) => event.end ?? new Date(new Date(event.start).getTime() + DEFAULT_LENGTH_MS).toISOString();

/** Text escaped for an iCalendar value and folded at 75 octets. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (new TextEncoder().encode(current + char).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function vevent(event: CalendarEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(endOf(event))}`,
    `SUMMARY:${icsText(event.name)}`,
    `DESCRIPTION:${icsText(event.url ? `${event.description}\n\n${event.url}` : event.description)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

/** A calendar of any number of events; `name` titles it in the apps that subscribe to it. */
export function icsCalendar(events: readonly CalendarEvent[], now: Date, name?: string): string {
  const stamp = utcStamp(now.getTime());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Souk//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${icsText(name)}`] : []),
    ...events.flatMap((event) => vevent(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

export function icsFile(event: CalendarEvent, now: Date): string {
  return icsCalendar([event], now);
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${utcStamp(event.start)}/${utcStamp(endOf(event))}`,
    details: `${event.description.slice(0, 500)}\n\n${event.url}`,
    location: event.location,
    ctz: event.timezone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
