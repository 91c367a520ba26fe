import type { Locale } from 'date-fns';

/**
 * French and Arabic month and day names (date-fns locales) load with the language: a page carries
 * only its own language's. The browser loads the page's before it hydrates and on
 * a change of language (src/client/lib/i18n.ts), the server renderer all of them at start, so
 * formatting (src/shared/dates.ts) stays synchronous. English is always there. Apart from dates.ts so
 * that the entry, which loads them, does not carry date-fns itself.
 */
/** The date-fns locale file of each language but English: the build maps them to their chunks, which a page preloads. */
export const DATE_LOCALE_FILES: Record<string, string> = { fr: 'fr', ar: 'ar-SA' };

const DATE_LOCALES: Record<string, () => Promise<Locale>> = {
  fr: () => import('date-fns/locale/fr').then((module) => module.fr),
  ar: () => import('date-fns/locale/ar-SA').then((module) => module.arSA),
};
const loaded = new Map<string, Locale>();

export async function loadDateLocale(language: string): Promise<void> {
  const load = DATE_LOCALES[language];
  if (load && !loaded.has(language)) loaded.set(language, await load());
}

/** The language's locale once loaded; undefined for English (dates.ts has it) or before it loads. */
export function loadedDateLocale(language: string): Locale | undefined {
  return loaded.get(language);
}
