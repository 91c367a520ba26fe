import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { BlogPost } from '../../../../shared/blog';

const getBlogPost = (shortId: string) => apiRequest<BlogPost>(`/api/public/blog-posts/sid/${encodeURIComponent(shortId)}`);

export const blogPostQuery = (shortId: string) =>
  queryOptions({
    queryKey: publicQueryKeys.blogPost(shortId),
    queryFn: () => getBlogPost(shortId),
    // the route says 'Failed to load blog post' itself
    meta: { suppressToast: true },
  });
