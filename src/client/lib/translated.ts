/**
 * Lists and sections come from the locale files through `t(key, { returnObjects: true })`.
 * A missing key comes back as the key itself (a string); this turns that into an
 * empty list so a half-translated file never crashes a page.
 */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
