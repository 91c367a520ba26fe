/** Words a reader gets through in a minute (a common figure for reading on a screen). */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a post whose body is `html` (tags and entities do not count as words); at least 1. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
