/** A small seeded PRNG so that the demo data is the same on every machine and every run. */
export type Random = ReturnType<typeof createRandom>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createRandom(seed: number) {
  let state = seed >>> 0;
  /** mulberry32: uniform in [0, 1) */
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number): boolean => next() < p;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => shuffle(items).slice(0, count);
  const token = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
    return out;
  };
  return { next, int, pick, chance, shuffle, sample, token };
}

/** Ids and short ids drawn from their own stream, unique within one seeding run. */
export function createIdFactory(random: Random) {
  const used = new Set<string>();
  const fresh = (length: number): string => {
    for (;;) {
      const value = random.token(length);
      if (!used.has(value)) {
        used.add(value);
        return value;
      }
    }
  };
  return { id: () => fresh(20), shortId: () => fresh(10) };
}

/**
 * Draws ranks 0..count-1 with weight 1/(rank+1)^exponent: a few very large, many small, as
 * marketplaces are (the first rank of 5,000 draws about one in nine).
 */
export function createZipf(random: Random, count: number, exponent = 1) {
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let rank = 0; rank < count; rank++) cumulative[rank] = total += 1 / (rank + 1) ** exponent;
  return (): number => {
    const target = random.next() * total;
    let [low, high] = [0, count - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
