import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { blogPostSchema } from '../../../../shared/blog';

export const blogPostQuery = (shortId: string) =>
  queryOptions({
    queryKey: queryKeys.blogPost(shortId),
    queryFn: async () =>
      blogPostSchema.parse(await apiRequest(`/api/public/blog-posts/sid/${encodeURIComponent(shortId)}`, { suppressToast: true })),
  });
