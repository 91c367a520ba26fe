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
