export const SUMMARY_LENGTH = 160;

/** A text cut to `max` characters at a word boundary, whitespace flattened (descriptions, previews). */
export function summarize(text: string, max = SUMMARY_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
