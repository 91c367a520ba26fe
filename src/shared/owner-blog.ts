import { z } from 'zod';
import { plainName } from './plain-name';
import { imageFieldsSchema } from './image-fields';
import { localizedNamesSchema } from './localized-names';
import { pagedSchema, pagingQuery } from './paging';

/**
 * The owner's blog: the dashboard list, the editor's
 * partial saves (autosave) and the status toggle. A post is a draft (0) or published (1); its
 * published date is set on its first publication and kept after.
 */
export const BLOG_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;

export const BLOG_LIMITS = {
  name: 160,
  summary: 300,
  /** HTML characters of a body (the editor's output, before sanitizing) */
  content: 200_000,
} as const;

/** `POST /blog-posts/create`'s optional body: the post's title, given before the draft is stored. */
export const newBlogPostSchema = z.object({ name: plainName(1, BLOG_LIMITS.name) });
export type NewBlogPost = z.infer<typeof newBlogPostSchema>;

/** `GET /blog-posts` of the dashboard: page 0, size 4 by default. */
export const ownerBlogQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...pagingQuery(32, 4),
});

/** `PATCH /blog-posts/{id}`: any of the fields; the body is sanitized on the server on every save. */
export const blogPatchSchema = z
  .object({
    name: z.string().trim().max(BLOG_LIMITS.name),
    shortSummary: z.string().trim().max(BLOG_LIMITS.summary),
    content: z.string().max(BLOG_LIMITS.content),
    imagePath: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .nullable(),
    categoryKey: z.string().trim().min(1).max(64).nullable(),
    /** seen by the firm's approved followers (and team) alone */
    followersOnly: z.boolean(),
  })
  .partial()
  .strict();
export type BlogPatch = z.infer<typeof blogPatchSchema>;

export const ownerBlogCardSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  shortSummary: z.string(),
  categoryKey: z.string().nullable(),
  statusCode: z.number().int(),
  publishedDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** seen and bought by the firm's approved followers (and team) alone */
  followersOnly: z.boolean(),
});
export type OwnerBlogCard = z.infer<typeof ownerBlogCardSchema>;
export const ownerBlogPageSchema = pagedSchema(ownerBlogCardSchema);

export const ownerBlogPostSchema = ownerBlogCardSchema.extend({
  firmId: z.string(),
  firmUsername: z.string(),
  firmName: z.string(),
  firmTimezone: z.string(),
  /** sanitized HTML */
  content: z.string(),
});
export type OwnerBlogPost = z.infer<typeof ownerBlogPostSchema>;

export const blogCategoryListSchema = z.array(z.object({ key: z.string(), names: localizedNamesSchema }));
