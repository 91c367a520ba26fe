import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DATE_PREFERENCES,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  relativeTime,
  type DatePreferences,
  type FormatSize,
} from '../../shared/dates';
import { normalizeLanguage } from '../../shared/i18n';
import { useCurrentUser } from './session';

/** Formatters bound to the signed-in user's region and hour format (defaults EU, 12 h) and the language. */
export function useFormatters() {
  const user = useCurrentUser();
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  return useMemo(() => {
    const prefs: DatePreferences = {
      region: user?.regionPreference ?? DEFAULT_DATE_PREFERENCES.region,
      hourFormat: user?.hourFormat ?? DEFAULT_DATE_PREFERENCES.hourFormat,
      language,
    };
    return {
      prefs,
      date: (value: string | Date, size: FormatSize = 'medium', withYear = true) => formatDate(value, prefs, size, withYear),
      time: (value: string | Date, size: FormatSize = 'short') => formatTime(value, prefs, size),
      dateTime: (value: string | Date, size: FormatSize = 'medium') => formatDateTime(value, prefs, size),
      relative: (value: string | Date, now?: Date) => relativeTime(value, now, language),
      money: (minor: number, currency: string) => formatMoney(minor, currency, language),
    };
  }, [user?.regionPreference, user?.hourFormat, language]);
}
