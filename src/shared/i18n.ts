import type { LocalizedNames } from './localized-names';

export const LANGUAGES = ['en', 'ar', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that tells the server the interface language (set by the client on every change). */
export const LANGUAGE_COOKIE = 'app_lang';

/** Anything that is not a supported language falls back to English. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

export function languageDirection(language: string): 'rtl' | 'ltr' {
  return normalizeLanguage(language) === 'ar' ? 'rtl' : 'ltr';
}

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', fr: 'Français' };

/** A name in the given language, English when it has none. */
export function pickName(names: LocalizedNames | null | undefined, language: string): string {
  if (!names) return '';
  return (names as Record<string, string>)[language] || names.en;
}
