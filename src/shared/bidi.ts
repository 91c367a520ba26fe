/**
 * Bidirectional text. A price, a Latin name or an email inside Arabic text (or an Arabic name in
 * an English sentence) is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE so it keeps
 * its own direction and does not reorder its neighbours ("١٢ €" turning into "€ 12" or a
 * currency sign jumping to the other end of the sentence). Invisible, and harmless in LTR text.
 */
const FSI = '\u2068';
const PDI = '\u2069';

export function isolate(value: string | number): string {
  return `${FSI}${value}${PDI}`;
}
