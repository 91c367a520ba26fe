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

/**
 * The text without its isolates. Left-to-right text needs none, and some mail programs draw these
 * invisible marks as boxes in a plain-text part or a subject line.
 */
export function withoutIsolates(value: string): string {
  return value.replace(/[\u2068\u2069]/g, '');
}
