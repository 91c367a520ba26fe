import type { Paged } from '../../shared/paging';

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
