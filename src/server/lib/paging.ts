import { encodeCursor, type CursorPaged, type Paged } from '../../shared/paging';

/** The one paged shape of every list (docs/architecture.md; page zero-based). */
export function paged<T>(content: T[], page: number, size: number, totalElements: number): Paged<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    first: page === 0,
    last: page >= totalPages - 1,
    page,
    size,
    totalElements,
    totalPages,
  };
}

/**
 * A keyset page from the `size + 1` rows read after the cursor: the extra row only tells that a
 * next page exists, which it then starts after the page's last row (its key from `keyOf`).
 */
export function cursorPaged<T>(rows: T[], size: number, keyOf: (row: T) => readonly (string | number)[]): CursorPaged<T> {
  const content = rows.slice(0, size);
  const last = content.at(-1);
  return { content, size, nextCursor: rows.length > size && last ? encodeCursor(keyOf(last)) : null };
}
