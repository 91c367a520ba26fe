/**
 * The Intl locale for a UI language. Arabic uses Western digits throughout Souk (prices, dates,
 * ages in the legal texts), so numbers read the same in every sentence.
 */
export function intlLocale(language: string): string {
  return language.startsWith('ar') ? 'ar-u-nu-latn' : language;
}

/** A calendar date (YYYY-MM-DD) in the reader's language, without time-zone drift. */
export function formatCalendarDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
