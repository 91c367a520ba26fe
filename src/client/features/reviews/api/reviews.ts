import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmDetail } from '../../../../shared/firms';
import type { FirmReviews, Review, ReviewInput } from '../../../../shared/reviews';

/** A firm's reviews as the caller sees them (their own review and rights differ per person). */
export const firmReviewsQuery = (firmId: string, userId: string | undefined, page: number) =>
  queryOptions({
    queryKey: queryKeys.firmReviews(firmId, userId, page),
    queryFn: () => apiRequest<FirmReviews>('/api/user/reviews', { query: { firmId, page } }),
    staleTime: 30_000,
  });

/** After a change the reviews are read again (they carry the new average: see `useFirmRatingSync`). */
function useRefresh(firmId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.firmReviewsAll(firmId) });
}

/**
 * Puts a fresh average and count (the reviews' answer, never cached) into the firm's cached page,
 * which the browser may hold for 30 s (the explore cards and a reload then show the new figures).
 */
export function syncFirmRating(queryClient: QueryClient, username: string, reviews: FirmReviews): void {
  queryClient.setQueryData<FirmDetail | null>(queryKeys.firm(username), (firm) =>
    firm && (firm.ratingAverage !== reviews.average || firm.ratingCount !== reviews.count)
      ? { ...firm, ratingAverage: reviews.average, ratingCount: reviews.count }
      : firm,
  );
}

export function useWriteReview(firmId: string) {
  const refresh = useRefresh(firmId);
  return useMutation({
    mutationFn: (input: ReviewInput) => apiRequest<Review>('/api/user/reviews', { method: 'PUT', query: { firmId }, body: input }),
    meta: { suppressToast: true },
    onSuccess: refresh,
  });
}

export function useReplyToReview(firmId: string) {
  const refresh = useRefresh(firmId);
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiRequest<Review>(`/api/dashboard/reviews/${encodeURIComponent(id)}/reply`, { method: 'PUT', body: { text } }),
    meta: { suppressToast: true },
    onSuccess: refresh,
  });
}
