import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dayAndMonth,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  formatTimeRange,
  relativeTime,
  visitorPreferences,
  zoneLabel,
  type DatePreferences,
  type FormatSize,
} from '../../shared/dates';
import { isolate } from '../../shared/bidi';
import { normalizeLanguage } from '../../shared/i18n';
import { useCurrentUser } from './session';

type Moment = string | Date;

/** The viewer's own zone: only for what is the viewer's (their logins), and only on client-rendered pages. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The one way pages print dates, times and money. Every date or time names the time zone it
 * belongs to (an event's venue, a firm's post: `event.timezone`, `post.firmTimezone`), so the
 * server (in UTC) and the browser (in its owner's zone) print the same text and a visitor reads
 * the venue's wall clock. The viewer's preferences decide the format: their region and hour format
 * when signed in, else the language's (French reads 24-hour times). Money and zone labels come
 * isolated for right-to-left text (src/shared/bidi.ts).
 */
export function useFormatters() {
  const user = useCurrentUser();
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  return useMemo(() => {
    const visitor = visitorPreferences(language);
    const prefs: DatePreferences = {
      region: user?.regionPreference ?? visitor.region,
      hourFormat: user?.hourFormat ?? visitor.hourFormat,
      language,
    };
    return {
      prefs,
      date: (value: Moment, timeZone: string, size: FormatSize = 'medium', withYear = true) =>
        formatDate(value, timeZone, prefs, size, withYear),
      time: (value: Moment, timeZone: string, size: FormatSize = 'short') => formatTime(value, timeZone, prefs, size),
      dateTime: (value: Moment, timeZone: string, size: FormatSize = 'medium') => formatDateTime(value, timeZone, prefs, size),
      /** "8:00 PM – 11:00 PM UTC−6" */
      timeRange: (start: Moment, end: Moment | null | undefined, timeZone: string) => formatTimeRange(start, end, timeZone, prefs),
      zone: (value: Moment, timeZone: string) => isolate(zoneLabel(value, timeZone)),
      dayAndMonth: (value: Moment, timeZone: string) => dayAndMonth(value, timeZone, language),
      relative: (value: Moment, now?: Date) => relativeTime(value, now, language),
      money: (minor: number, currency: string) => isolate(formatMoney(minor, currency, language)),
    };
  }, [user?.regionPreference, user?.hourFormat, language]);
}
