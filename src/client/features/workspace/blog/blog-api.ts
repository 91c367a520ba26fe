import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPatch, NewBlogPost, OwnerBlogCard, OwnerBlogPost } from '../../../../shared/owner-blog';
import type { LocalizedNames } from '../../../../shared/localized-names';
import type { Paged } from '../../../../shared/paging';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadImage } from '../../../lib/upload-image';

/** The dashboard's blog list is read 4 posts a page. */
export const BLOG_PAGE_SIZE = 4;

/** `GET /api/dashboard/blog-posts?firmId=&page=&size=4`: drafts too, the last written first. */
export const ownerPostsQuery = (firmId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.workspaceBlogList(firmId, page),
    queryFn: () => apiRequest<Paged<OwnerBlogCard>>('/api/dashboard/blog-posts', { query: { firmId, page, size: BLOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `GET /api/dashboard/blog-posts/sid/{shortId}`. */
export const ownerPostQuery = (firmId: string, shortId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceBlogPost(firmId, shortId),
    queryFn: () => apiRequest<OwnerBlogPost>(`/api/dashboard/blog-posts/sid/${encodeURIComponent(shortId)}`),
    staleTime: Infinity,
    meta: { suppressToast: true },
  });

/** `GET /api/dashboard/blog-posts/categories`. */
export const blogCategoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.blogCategories(),
    queryFn: () => apiRequest<{ key: string; names: LocalizedNames }[]>('/api/dashboard/blog-posts/categories'),
    staleTime: 60 * 60_000,
  });

/** Every post change refreshes the list, the plan's usage and the public blog lists. */
function usePostMutation<I, O>(firmId: string, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceBlogLists(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashFirm(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.blogAll() });
    },
  });
}

/** `POST /api/dashboard/blog-posts/create?firmId=`: a titled draft (CREATE_BLOG counted). */
export const useCreatePost = (firmId: string) =>
  usePostMutation(firmId, (body: NewBlogPost) =>
    apiRequest<OwnerBlogPost>('/api/dashboard/blog-posts/create', { method: 'POST', query: { firmId }, body }),
  );

/** `PATCH /api/dashboard/blog-posts/{id}`: some fields (the autosave); the body comes back sanitized. */
export const usePatchPost = (firmId: string, id: string) =>
  usePostMutation(firmId, (body: BlogPatch) =>
    apiRequest<OwnerBlogPost>(`/api/dashboard/blog-posts/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  );

/** `PATCH /api/dashboard/blog-posts/{id}/status`: draft ⇄ published. */
export const useTogglePost = (firmId: string, id: string) =>
  usePostMutation(firmId, () =>
    apiRequest<OwnerBlogPost>(`/api/dashboard/blog-posts/${encodeURIComponent(id)}/status`, { method: 'PATCH' }),
  );

/** `DELETE /api/dashboard/blog-posts/{id}`. */
export const useDeletePost = (firmId: string) =>
  usePostMutation(firmId, (id: string) => apiRequest<void>(`/api/dashboard/blog-posts/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** `POST /api/dashboard/blog-posts/images?firmId=`: a picture for the cover or the body, with its progress. */
export const uploadPostImage = (firmId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadImage<{ imagePath: string; imageColor: string }>(
    `/api/dashboard/blog-posts/images?firmId=${encodeURIComponent(firmId)}`,
    file,
    onProgress,
  );
