import type { LocalizedNames } from '../../shared/localized-names';

const namesCache = new Map<string, LocalizedNames>();

/** Parses a names JSON column (categories, event types, …) once per distinct value. */
export function parseNames(json: string | null | undefined): LocalizedNames {
  if (!json) return { en: '', ar: '', fr: '' };
  let names = namesCache.get(json);
  if (!names) {
    try {
      const value = JSON.parse(json) as Partial<LocalizedNames>;
      names = { en: value.en ?? '', ar: value.ar || value.en || '', fr: value.fr || value.en || '' };
    } catch {
      names = { en: json, ar: json, fr: json };
    }
    if (namesCache.size > 5000) namesCache.clear();
    namesCache.set(json, names);
  }
  return names;
}

/** `like` pattern for a case-insensitive "contains" search, with the wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
