import { format as formatWith, type Locale } from 'date-fns';
import { enGB, enUS, fr, arSA } from 'date-fns/locale';

/** Date and time formats of spec section 9, by region preference (US or EU) and hour format. */
export type Region = 'US' | 'EU';
export type HourFormat = 12 | 24;
export type FormatSize = 'short' | 'medium' | 'long';

export interface DatePreferences {
  region: Region;
  hourFormat: HourFormat;
  /** interface language: en, ar or fr */
  language: string;
}

export const DEFAULT_DATE_PREFERENCES: DatePreferences = { region: 'EU', hourFormat: 12, language: 'en' };

const DATE_PATTERNS: Record<Region, Record<FormatSize, { year: string; noYear: string }>> = {
  US: {
    short: { year: 'M/d/yy', noYear: 'M/d' },
    medium: { year: 'MMM d, y', noYear: 'MMM d' },
    long: { year: 'EEEE, MMMM d, y', noYear: 'EEEE, MMMM d' },
  },
  EU: {
    short: { year: 'dd/MM/yy', noYear: 'dd/MM' },
    medium: { year: 'd MMM y', noYear: 'd MMM' },
    long: { year: 'EEEE, d MMMM y', noYear: 'EEEE, d MMMM' },
  },
};

/** The spec pairs 12-hour clocks with US and 24-hour with EU; the hour-format preference wins. */
const TIME_PATTERNS: Record<HourFormat, Record<FormatSize, string>> = {
  12: { short: 'h:mm a', medium: 'h:mm:ss a', long: 'h:mm:ss a zzz' },
  24: { short: 'HH:mm', medium: 'HH:mm:ss', long: 'HH:mm:ss zzz' },
};

export function datePattern(region: Region, size: FormatSize = 'medium', withYear = true): string {
  const entry = DATE_PATTERNS[region][size];
  return withYear ? entry.year : entry.noYear;
}

export function timePattern(hourFormat: HourFormat, size: FormatSize = 'short'): string {
  return TIME_PATTERNS[hourFormat][size];
}

function localeFor(language: string, region: Region): Locale {
  if (language === 'fr') return fr;
  if (language === 'ar') return arSA;
  return region === 'US' ? enUS : enGB;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A date in the spec's format; requests default to medium with year. */
export function formatDate(
  value: Date | string | number,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  size: FormatSize = 'medium',
  withYear = true,
): string {
  return formatWith(toDate(value), datePattern(prefs.region, size, withYear), { locale: localeFor(prefs.language, prefs.region) });
}

export function formatTime(
  value: Date | string | number,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  size: FormatSize = 'short',
): string {
  return formatWith(toDate(value), timePattern(prefs.hourFormat, size), { locale: localeFor(prefs.language, prefs.region) });
}

export function formatDateTime(
  value: Date | string | number,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  dateSize: FormatSize = 'medium',
): string {
  return `${formatDate(value, prefs, dateSize)}, ${formatTime(value, prefs)}`;
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

/** The month's short name in the interface language (an event card's date badge). */
export function formatMonthShort(value: Date, language: string): string {
  let formatter = monthFormatters.get(language);
  if (!formatter) monthFormatters.set(language, (formatter = new Intl.DateTimeFormat(language, { month: 'short' })));
  return formatter.format(value);
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * Relative time of spec section 9: seconds, minutes, hours, then days ago (or from now), in the
 * interface language.
 */
export function relativeTime(value: Date | string | number, now: Date = new Date(), language = 'en'): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  let rtf = relativeFormatters.get(language);
  if (!rtf) relativeFormatters.set(language, (rtf = new Intl.RelativeTimeFormat(language, { numeric: 'always' })));
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.trunc(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.trunc(seconds / 3600), 'hour');
  return rtf.format(Math.trunc(seconds / 86_400), 'day');
}

/** Making an Intl.NumberFormat costs about a millisecond on a phone: one per language and currency. */
const moneyFormatters = new Map<string, { format: (value: number) => string; digits: number } | null>();

function moneyFormatter(currency: string, language: string) {
  const key = `${language} ${currency}`;
  if (!moneyFormatters.has(key)) {
    try {
      const formatter = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : language, { style: 'currency', currency });
      moneyFormatters.set(key, { format: formatter.format, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 });
    } catch {
      moneyFormatters.set(key, null);
    }
  }
  return moneyFormatters.get(key);
}

/** Money in minor units, formatted in its own currency for the interface language. */
export function formatMoney(minor: number, currency: string, language = 'en'): string {
  const formatter = moneyFormatter(currency, language);
  return formatter ? formatter.format(minor / 10 ** formatter.digits) : `${(minor / 100).toFixed(2)} ${currency}`;
}
