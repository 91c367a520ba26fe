import { z } from 'zod';
import { pagedSchema, pagingQuery } from './paging';

/** A firm's followers as its team sees them (workspace followers): the name and flip they show on Souk, and since when. */
export const firmFollowerQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...pagingQuery(50, 20),
  /** a part of the name or the flip */
  q: z.string().trim().max(60).optional(),
});

export const firmFollowerSchema = z.object({
  name: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
  since: z.string(),
});
export type FirmFollower = z.infer<typeof firmFollowerSchema>;
export const firmFollowerPageSchema = pagedSchema(firmFollowerSchema);
