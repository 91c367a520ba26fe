import { format as formatWith, type Locale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { enUS } from 'date-fns/locale/en-US';
import { tzOffset } from '@date-fns/tz';
import { isolate } from './bidi';
import { boundedCache } from './bounded-cache';
import { loadedDateLocale } from './date-locales';

/** Date and time formats, by region preference (US or EU) and hour format. */
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

/**
 * The hour format of someone who has not chosen one: the region rule (EU reads
 * 24-hour times) for French; English and Arabic keep the spec's default of 12.
 */
export function defaultHourFormat(language: string): HourFormat {
  return language.startsWith('fr') ? 24 : 12;
}

/** The preferences of a visitor without an account (or before the session is known). */
export function visitorPreferences(language: string): DatePreferences {
  return { region: 'EU', hourFormat: defaultHourFormat(language), language };
}

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
  12: { short: 'h:mm a', medium: 'h:mm:ss a', long: 'h:mm:ss a' },
  24: { short: 'HH:mm', medium: 'HH:mm:ss', long: 'HH:mm:ss' },
};

export function datePattern(region: Region, size: FormatSize = 'medium', withYear = true): string {
  const entry = DATE_PATTERNS[region][size];
  return withYear ? entry.year : entry.noYear;
}

export function timePattern(hourFormat: HourFormat, size: FormatSize = 'short'): string {
  return TIME_PATTERNS[hourFormat][size];
}

function localeFor(language: string, region: Region): Locale {
  // not loaded yet (never the case for a page's language): English names rather than none
  return loadedDateLocale(language) ?? (region === 'US' ? enUS : enGB);
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Caches here hold at most this many entries (a page shows tens of moments; a server renders many pages). */
const CACHE_LIMIT = 500;

/**
 * Time zones. A moment is always shown on the wall clock of the place it belongs to (an event's
 * venue, a firm's post), never the machine's: the server renders in UTC, a phone in its owner's
 * zone, and both must print the same text (hydration) that a visitor at the venue would read.
 */
const validZones = boundedCache<string, boolean>(CACHE_LIMIT);
function safeZone(timeZone: string): string {
  let valid = validZones.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(timeZone, valid);
  }
  return valid ? timeZone : 'UTC';
}

/**
 * A moment read on a zone's wall clock: its local getters give the zone's fields (from the UTC
 * fields of the moment shifted by the zone's offset, as @date-fns/tz's TZDate does), but copying
 * it (date-fns' `format` copies its argument) costs no time-zone look-up. A TZDate asks
 * Intl.DateTimeFormat for the offset twice per copy, about ten times per event card: 20–40 ms on
 * a phone for the explore page's cards. Only for `format` with the patterns of this file:
 * its setters are Date's (week-numbering tokens, which set fields, are never used here).
 */
class WallClock extends Date {
  constructor(
    shifted: number,
    readonly offsetMinutes: number,
  ) {
    super(shifted);
  }
  override getFullYear() {
    return this.getUTCFullYear();
  }
  override getMonth() {
    return this.getUTCMonth();
  }
  override getDate() {
    return this.getUTCDate();
  }
  override getDay() {
    return this.getUTCDay();
  }
  override getHours() {
    return this.getUTCHours();
  }
  override getMinutes() {
    return this.getUTCMinutes();
  }
  override getSeconds() {
    return this.getUTCSeconds();
  }
  override getMilliseconds() {
    return this.getUTCMilliseconds();
  }
  /** minutes behind UTC, as Date's (TZDate's rounding) */
  override getTimezoneOffset() {
    const offset = -this.offsetMinutes;
    return offset > 0 ? Math.floor(offset) : Math.ceil(offset);
  }
  /** date-fns copies a date through this (its `constructFrom`): the copy keeps the wall clock */
  [Symbol.for('constructDateFrom')](value: Date | number | string) {
    return new WallClock(+new Date(value), this.offsetMinutes);
  }
}

const wallClocks = boundedCache<string, WallClock>(CACHE_LIMIT);

function inZone(value: Date | string | number, timeZone: string): WallClock {
  const time = toDate(value).getTime();
  const zone = safeZone(timeZone);
  const key = `${zone} ${time}`;
  const cached = wallClocks.get(key);
  if (cached) return cached;
  const offset = Number.isNaN(time) ? NaN : tzOffset(zone, new Date(time));
  // whole seconds, as TZDate shifts (historical offsets carry seconds)
  return wallClocks.set(key, new WallClock(time - Math.round(-offset * 60) * 1000, offset));
}

/**
 * date-fns' `format` reads its pattern anew on every call: the texts are kept per locale, pattern and
 * wall-clock moment (a list re-rendered after hydration or a new page of cards prints the same ones).
 */
const formatted = boundedCache<string, string>(CACHE_LIMIT);
function formatIn(zoned: WallClock, pattern: string, locale: Locale): string {
  const key = `${locale.code ?? ''} ${pattern} ${zoned.getTime()} ${zoned.offsetMinutes}`;
  return formatted.get(key) ?? formatted.set(key, formatWith(zoned, pattern, { locale }));
}

/** The zone's offset from UTC at that moment, as a label: "UTC−6", "UTC+5:30", "UTC". */
export function zoneLabel(value: Date | string | number, timeZone: string): string {
  const offset = -inZone(value, timeZone).getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const abs = Math.abs(offset);
  const minutes = abs % 60;
  return `UTC${offset < 0 ? '\u2212' : '+'}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** A date in the spec's format, on the wall clock of `timeZone`; requests default to medium with year. */
export function formatDate(
  value: Date | string | number,
  timeZone: string,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  size: FormatSize = 'medium',
  withYear = true,
): string {
  return formatIn(inZone(value, timeZone), datePattern(prefs.region, size, withYear), localeFor(prefs.language, prefs.region));
}

/** A time on the wall clock of `timeZone`; `long` adds the zone's label. */
export function formatTime(
  value: Date | string | number,
  timeZone: string,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  size: FormatSize = 'short',
): string {
  const time = formatIn(inZone(value, timeZone), timePattern(prefs.hourFormat, size), localeFor(prefs.language, prefs.region));
  return size === 'long' ? `${time} ${isolate(zoneLabel(value, timeZone))}` : time;
}

export function formatDateTime(
  value: Date | string | number,
  timeZone: string,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
  dateSize: FormatSize = 'medium',
): string {
  return `${formatDate(value, timeZone, prefs, dateSize)}, ${formatTime(value, timeZone, prefs)}`;
}

/**
 * Start (and end) time with the zone's label: "8:00 PM – 11:30 PM UTC−6"; an end on another day
 * carries its date: "8:00 PM – Sat 2:00 AM UTC−6".
 */
export function formatTimeRange(
  start: Date | string | number,
  end: Date | string | number | null | undefined,
  timeZone: string,
  prefs: DatePreferences = DEFAULT_DATE_PREFERENCES,
): string {
  const label = isolate(zoneLabel(start, timeZone));
  const from = formatTime(start, timeZone, prefs);
  if (end === null || end === undefined) return `${from} ${label}`;
  const sameDay = formatDate(start, timeZone, prefs, 'short') === formatDate(end, timeZone, prefs, 'short');
  const locale = localeFor(prefs.language, prefs.region);
  const until = sameDay
    ? formatTime(end, timeZone, prefs)
    : `${formatIn(inZone(end, timeZone), 'EEE', locale)} ${formatTime(end, timeZone, prefs)}`;
  return `${from} – ${until} ${label}`;
}

/** Day of the month and short month name on the wall clock of `timeZone` (an event card's badge). */
export function dayAndMonth(value: Date | string | number, timeZone: string, language: string): { day: string; month: string } {
  const zoned = inZone(value, timeZone);
  const locale = localeFor(language, 'EU');
  return { day: formatIn(zoned, 'd', locale), month: formatIn(zoned, 'MMM', locale) };
}

const relativeFormatters = boundedCache<string, Intl.RelativeTimeFormat>(CACHE_LIMIT);

/**
 * Relative time: seconds, minutes, hours, then days ago (or from now), in the
 * interface language.
 */
export function relativeTime(value: Date | string | number, now: Date = new Date(), language = 'en'): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  let rtf = relativeFormatters.get(language);
  if (!rtf) rtf = relativeFormatters.set(language, new Intl.RelativeTimeFormat(language, { numeric: 'always' }));
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.trunc(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.trunc(seconds / 3600), 'hour');
  return rtf.format(Math.trunc(seconds / 86_400), 'day');
}

/** Making an Intl.NumberFormat costs about a millisecond on a phone: one per language and currency. */
const moneyFormatters = boundedCache<string, { format: (value: number) => string; digits: number } | null>(CACHE_LIMIT);

function moneyFormatter(currency: string, language: string) {
  const key = `${language} ${currency}`;
  const cached = moneyFormatters.get(key);
  if (cached !== undefined) return cached;
  try {
    const formatter = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : language, { style: 'currency', currency });
    return moneyFormatters.set(key, { format: formatter.format, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 });
  } catch {
    // not a currency Intl knows: the amount with its code
    return moneyFormatters.set(key, null);
  }
}

/** The digits of a currency's minor unit (2 for EUR, 0 for JPY, 3 for KWD); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  return moneyFormatter(currency, 'en')?.digits ?? 2;
}

/** Money in minor units, formatted in its own currency for the interface language. */
export function formatMoney(minor: number, currency: string, language = 'en'): string {
  const formatter = moneyFormatter(currency, language);
  return formatter ? formatter.format(minor / 10 ** formatter.digits) : `${(minor / 100).toFixed(2)} ${currency}`;
}
