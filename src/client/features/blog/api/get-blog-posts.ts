import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { blogPageSchema } from '../../../../shared/blog';
import { BLOG_PAGE_SIZE } from '../../../../shared/blog-scope';

/** One page of the blog list; `page` is the UI's one-based page, the API's index is page - 1. */
export const blogPostsQuery = (params: { firmUsername?: string; page: number; size?: number }) => {
  const key = { firmUsername: params.firmUsername?.toLowerCase(), page: params.page, size: params.size ?? BLOG_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.blogPosts(key),
    queryFn: async () => {
      try {
        return await apiRequest<z.output<typeof blogPageSchema>>('/api/public/blog-posts', {
          query: { page: Math.max(0, key.page - 1), size: key.size, firmUsername: key.firmUsername },
          suppressToast: true,
        });
      } catch (error) {
        // spec: a blog list failure is logged only
        console.error('Failed to load blog posts', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
};
