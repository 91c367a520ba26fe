export const SUMMARY_LENGTH = 160;

/** A text cut to `max` characters at a word boundary, whitespace flattened (descriptions, previews). */
export function summarize(text: string, max = SUMMARY_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The description shows its first 290 characters until 'Show More'. */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}
