import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { BlogCard } from '../../../../shared/blog';
import type { Paged } from '../../../../shared/paging';
import { BLOG_PAGE_SIZE } from '../../../../shared/blog-scope';

interface BlogPostsParams {
  firmUsername?: string;
  /** one-based, as in the UI */
  page: number;
  size: number;
}

/** The API pages with a zero-based index: the UI's page - 1. */
const getBlogPosts = async ({ firmUsername, page, size }: BlogPostsParams): Promise<Paged<BlogCard>> => {
  try {
    return await apiRequest<Paged<BlogCard>>('/api/public/blog-posts', {
      query: { page: Math.max(0, page - 1), size, firmUsername },
    });
  } catch (error) {
    // spec: a blog list failure is logged only
    console.error('Failed to load blog posts', error);
    throw error;
  }
};

/** One page of the blog list; `page` is the UI's one-based page. */
export const blogPostsQuery = (params: { firmUsername?: string; page: number; size?: number }) => {
  const key = { firmUsername: params.firmUsername?.toLowerCase(), page: params.page, size: params.size ?? BLOG_PAGE_SIZE };
  return queryOptions({
    queryKey: publicQueryKeys.blogPosts(key),
    queryFn: () => getBlogPosts(key),
    placeholderData: keepPreviousData,
    meta: { suppressToast: true },
  });
};
