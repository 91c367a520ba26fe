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
 * `?cursor=` instead of `?page=`. The cursor is opaque to the client: base64url of the key as JSON.
 * Its parts are ASCII (timestamps and ids), which is what `btoa` needs.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return btoa(JSON.stringify(key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(text: string): unknown {
  try {
    return JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
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
 * that does not decode to such a key (altered, or from another list) is refused with 400.
 */
export function cursorQuery<K extends z.ZodType>(key: K, limit: number, defaultSize: number) {
  return {
    cursor: z
      .string()
      .max(256)
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
