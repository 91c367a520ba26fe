import { z } from 'zod';
import { FETCH_LIMIT } from './limits';
import { imageFieldsSchema, localizedNamesSchema } from './explore';
import { pagingQuery } from './firms';
import { pagedSchema } from './problem';

/** The blog list's page size: the spec's shared blog fetch limit reads as 4 or 32; cards fill a 3/2/1 grid. */
export const BLOG_PAGE_SIZE = 12;

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
});
export type BlogCard = z.infer<typeof blogCardSchema>;
export const blogPageSchema = pagedSchema(blogCardSchema);

export const blogPostSchema = blogCardSchema.extend({
  /** sanitized HTML */
  content: z.string(),
  firmId: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * Blog list scope (spec section 2): a `{username}` in the route lists only that firm's posts and
 * hides the firm label on cards; otherwise the firm of the header, else every post.
 */
export function blogScope(routeUsername: string | undefined, headerFirmUsername: string | undefined): {
  firmUsername: string | undefined;
  showFirmLabel: boolean;
} {
  if (routeUsername) return { firmUsername: routeUsername, showFirmLabel: false };
  if (headerFirmUsername) return { firmUsername: headerFirmUsername, showFirmLabel: true };
  return { firmUsername: undefined, showFirmLabel: true };
}
