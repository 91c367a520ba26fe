const DAY = 86_400_000;

/** A firm's local day (YYYY-MM-DD) of an instant. */
export const localDay = (at: string | Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The instants to ask for so that `days` local days from `first` are all in, whatever the firm's
 * zone: the widest offsets are 14 hours either side of UTC, and the agenda keeps only the bookings
 * whose local day is among the wanted ones.
 */
export function rangeOf(first: string, days: number): { from: string; to: string } {
  const start = Date.parse(`${first}T00:00:00Z`);
  return { from: new Date(start - 14 * 3_600_000).toISOString(), to: new Date(start + days * DAY + 14 * 3_600_000).toISOString() };
}
