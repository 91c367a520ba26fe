import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { LANGUAGES } from '../../shared/i18n';

/**
 * Server-rendered pages send their query data for hydration, and the taxonomy in it (industries,
 * categories, event types, blog categories) carries `names` in every interface language: three
 * times what the page shows, a large share of the dehydrated state. The server
 * keeps only the page's language and English (what `pickName` falls back to), and lists the
 * queries it trimmed; in the browser those queries are never persisted as they are and are
 * fetched again in full when the visitor switches language, or whenever they are next fetched.
 */

type Names = Record<string, string>;

const isNames = (value: unknown): value is Names => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 1 && keys.every((key) => (LANGUAGES as readonly string[]).includes(key) && typeof (value as Names)[key] === 'string')
  );
};

/** `value` with every `names` object cut to `language` and English; the same object when nothing was cut. */
function trimNames(value: unknown, language: string): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = trimNames(item, language);
      changed ||= next !== item;
      return next;
    });
    return changed ? out : value;
  }
  if (!value || typeof value !== 'object') return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    let next: unknown;
    if (key === 'names' && isNames(item)) {
      const kept: Names = { en: item.en };
      if (item[language] !== undefined) kept[language] = item[language];
      next = Object.keys(kept).length < Object.keys(item).length ? kept : item;
    } else next = trimNames(item, language);
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}

/** Server: the dehydrated queries with their names in one language (+ English), and which were cut. */
export function namesInOneLanguage(state: DehydratedState, language: string): { state: DehydratedState; trimmed: string[] } {
  const trimmed: string[] = [];
  const queries = state.queries.map((query) => {
    const data = trimNames(query.state.data, language);
    if (data === query.state.data) return query;
    trimmed.push(query.queryHash);
    return { ...query, state: { ...query.state, data } };
  });
  return { state: { ...state, queries }, trimmed };
}

const trimmedQueries = new Set<string>();

/** Browser: the hydrated queries the server trimmed; one listener refetches them on a language switch. */
export function rememberTrimmedQueries(
  queryClient: QueryClient,
  hashes: readonly string[],
  onLanguageChange: (listener: () => void) => void,
) {
  if (hashes.length === 0) return;
  const first = trimmedQueries.size === 0;
  for (const hash of hashes) trimmedQueries.add(hash);
  if (!first) return;
  // fetched again (in full): no longer trimmed
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') trimmedQueries.delete(event.query.queryHash);
  });
  onLanguageChange(() => {
    void queryClient.invalidateQueries({ predicate: (query) => trimmedQueries.has(query.queryHash) });
  });
}

/** Whether a query's data still has its names in one language only (never persisted so). */
export const hasTrimmedNames = (queryHash: string) => trimmedQueries.has(queryHash);
