import type { Paged } from '../../shared/paging';

/** The paged shape of ARCHITECTURE section 3 (page zero-based). */
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
