import { z } from 'zod';

/** Page number (zero-based) and size, the size capped at the fetch limit rather than refused. */
export function pagingQuery(limit: number, defaultSize: number) {
  return {
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultSize)
      .transform((size) => Math.min(size, limit)),
  };
}

/** The paged shape of every list (docs/architecture.md): `{content, first, last, page, size, totalElements, totalPages}`. */
export function pagedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    content: z.array(item),
    first: z.boolean(),
    last: z.boolean(),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}
export interface Paged<T> {
  content: T[];
  first: boolean;
  last: boolean;
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/**
 * Keyset pages (docs/client-conventions.md): a list that would slow down at a deep offset answers
 * `nextCursor`, the sort key of its last row and the row's id, and the next page is asked for with
 * `?cursor=` instead of `?page=`. The cursor is opaque to the client: base64url of the key as UTF-8
 * JSON (a customer's key holds the email a guest typed, which need not be ASCII).
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(key));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeCursor(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    // the bytes as percent escapes, which decodeURIComponent reads as UTF-8 (and refuses when they are not)
    return JSON.parse(decodeURIComponent(Array.from(binary, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')));
  } catch {
    return undefined;
  }
}

/** A row's id as a cursor carries it. */
export const cursorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** A row's creation time (ISO 8601, UTC) as a cursor carries it. */
export const cursorTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);

/**
 * The `cursor` and `size` of a keyset page: the cursor decoded to the key `key` describes, and one
 * that does not decode to such a key (altered, or from another list) is refused with 400. `maxLength`
 * bounds the cursor's text: a key of a time and an id fits the default.
 */
export function cursorQuery<K extends z.ZodType>(key: K, limit: number, defaultSize: number, maxLength = 256) {
  return {
    cursor: z
      .string()
      .max(maxLength)
      .transform((text, ctx): z.output<K> => {
        const parsed = key.safeParse(decodeCursor(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: 'This cursor is not one this list gave.' });
        return z.NEVER;
      })
      .optional(),
    size: pagingQuery(limit, defaultSize).size,
  };
}

/** The shape of a keyset page: its rows, and the cursor of the next page (null on the last one). */
export function cursorPagedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    content: z.array(item),
    size: z.number().int(),
    nextCursor: z.string().nullable(),
  });
}
export interface CursorPaged<T> {
  content: T[];
  size: number;
  nextCursor: string | null;
}
