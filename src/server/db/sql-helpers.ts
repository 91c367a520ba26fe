import type { Kysely } from 'kysely';
import type { LocalizedNames } from '../../shared/localized-names';
import type { Database } from './schema';

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

/**
 * The ids of unpublished products, or of menu items whose menu is unpublished (drafts
 * and hidden ones): every public list leaves them out (`where id not in …`).
 */
export function unpublishedIds(db: Kysely<Database>, table: 'products' | 'menu_items') {
  return table === 'products'
    ? db.selectFrom('products').select('products.id').where('products.published', '=', 0)
    : db
        .selectFrom('menu_items')
        .innerJoin('menus', 'menus.id', 'menu_items.menu_id')
        .select('menu_items.id')
        .where('menus.published', '=', 0);
}
