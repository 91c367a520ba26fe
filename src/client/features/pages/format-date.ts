/** A calendar date (YYYY-MM-DD) in the reader's language, without time-zone drift. */
export function formatCalendarDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
