import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { blogPostSchema } from '../../../../shared/blog';

export const blogPostQuery = (shortId: string) =>
  queryOptions({
    queryKey: queryKeys.blogPost(shortId),
    queryFn: () =>
      apiRequest<z.output<typeof blogPostSchema>>(`/api/public/blog-posts/sid/${encodeURIComponent(shortId)}`, { suppressToast: true }),
  });
