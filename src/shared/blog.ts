import { z } from 'zod';
import { FETCH_LIMIT } from './limits';
import { imageFieldsSchema } from './image-fields';
import { localizedNamesSchema } from './localized-names';
import { pagedSchema, pagingQuery } from './paging';

export const blogQuerySchema = z.object({
  ...pagingQuery(FETCH_LIMIT.blog, 4),
  firmUsername: z.string().min(1).max(64).optional(),
});

export const blogCategorySchema = z.object({ key: z.string(), names: localizedNamesSchema });

export const blogCardSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  shortSummary: z.string(),
  category: blogCategorySchema.nullable(),
  publishedDate: z.string(),
  firmName: z.string(),
  firmImagePath: z.string().nullable(),
  firmUsername: z.string(),
  /** the firm's IANA time zone: the publication date is the firm's */
  firmTimezone: z.string(),
  /** for the firm's approved followers (and team) alone: shown with a "Followers only" marker */
  followersOnly: z.boolean(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;
export const blogPageSchema = pagedSchema(blogCardSchema);

export const blogPostSchema = blogCardSchema.extend({
  /** sanitized HTML */
  content: z.string(),
  firmId: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
