/**
 * A memo that holds at most `limit` entries and forgets the oldest one past it: the texts, formatters
 * and parsed values a process remembers are keyed by data (names, zones, codes), so an unbounded map
 * would grow with every new key a visitor can bring.
 */
export function boundedCache<K, V>(limit: number) {
  const entries = new Map<K, V>();
  return {
    get: (key: K) => entries.get(key),
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as K);
      return value;
    },
  };
}
