/**
 * Lists and sections come from the locale files through `t(key, { returnObjects: true })`.
 * A missing key comes back as the key itself (a string); these helpers turn that into an
 * empty list so a half-translated file never crashes a page.
 */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function asRecord<T extends object>(value: unknown): T | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : undefined;
}
