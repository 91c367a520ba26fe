import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExploreEvents } from '../../../../shared/explore';
import type { EventInputData, NewEvent, OwnerEvent, OwnerEventCard } from '../../../../shared/owner-events';
import type { Paged } from '../../../../shared/paging';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadImage } from '../../../lib/upload-image';

/** `GET /api/dashboard/events?firmId=`: every status, the latest start first (one page of 100: a firm's working set). */
export const ownerEventsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceEvents(firmId),
    queryFn: () => apiRequest<Paged<OwnerEventCard>>('/api/dashboard/events', { query: { firmId, page: 0, size: 100 } }),
    staleTime: 0,
  });

/** `GET /api/dashboard/events/sid/{shortId}`: the event as its editor reads it. */
export const ownerEventQuery = (firmId: string, shortId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceEvent(firmId, shortId),
    queryFn: () => apiRequest<OwnerEvent>(`/api/dashboard/events/sid/${encodeURIComponent(shortId)}`),
    staleTime: 0,
    meta: { suppressToast: true },
  });

/** The event types an event can have (the explore lookup, cached like the public pages). */
export const eventTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.eventTypes(),
    queryFn: () => apiRequest<ExploreEvents>('/api/user/explore/events'),
    staleTime: 60 * 60_000,
  });

/**
 * Every event change: the editor's copy is replaced by the server's answer, the list and the
 * plan's usage (the dashboard) refreshed, and the public lists forgotten (they show it at once).
 * The pages explain failures in the reader's language, so the generic toast stays away.
 */
function useEventMutation<I>(firmId: string, mutationFn: (input: I) => Promise<OwnerEvent | void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSuccess: (event) => {
      if (event) queryClient.setQueryData(queryKeys.workspaceEvent(firmId, event.shortId), event);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceEvents(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashFirm(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventsAll() });
    },
  });
}

/** `POST /api/dashboard/events/create?firmId=`: a named draft (CREATE_EVENT counted). */
export const useCreateEvent = (firmId: string) =>
  useEventMutation(firmId, (body: NewEvent) =>
    apiRequest<OwnerEvent>('/api/dashboard/events/create', { method: 'POST', query: { firmId }, body }),
  );

/** `PUT /api/dashboard/events`: the whole event in one transaction. */
export const useSaveEvent = (firmId: string) =>
  useEventMutation(firmId, (body: EventInputData) => apiRequest<OwnerEvent>('/api/dashboard/events', { method: 'PUT', body }));

/** `PATCH /api/dashboard/events/{id}/status`. */
export const useEventStatus = (firmId: string) =>
  useEventMutation(firmId, ({ id, statusCode }: { id: string; statusCode: number }) =>
    apiRequest<OwnerEvent>(`/api/dashboard/events/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { statusCode } }),
  );

/** `PATCH /api/dashboard/events/{id}/visibility`. */
export const useEventVisibility = (firmId: string) =>
  useEventMutation(firmId, ({ id, visibility }: { id: string; visibility: number }) =>
    apiRequest<OwnerEvent>(`/api/dashboard/events/${encodeURIComponent(id)}/visibility`, { method: 'PATCH', body: { visibility } }),
  );

/** `DELETE /api/dashboard/ticket-tiers/{id}` (409 `tier_has_sales` once tickets of it are sold). */
export const useDeleteTier = (firmId: string) =>
  useEventMutation(firmId, (tierId: string) =>
    apiRequest<OwnerEvent>(`/api/dashboard/ticket-tiers/${encodeURIComponent(tierId)}`, { method: 'DELETE' }),
  );

/** `DELETE /api/dashboard/events/{id}` (nobody bought tickets). */
export const useDeleteEvent = (firmId: string) =>
  useEventMutation(firmId, (id: string) => apiRequest<void>(`/api/dashboard/events/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** What a picture upload answers (src/shared/uploaded-image.ts). */
export interface UploadedImage {
  imagePath: string;
  imageWidth: number;
  imageHeight: number;
  imageColor: string;
}

/** `POST /api/dashboard/events/images?firmId=` with its progress: the media id the save then names. */
export const uploadEventImage = (firmId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadImage<UploadedImage>(`/api/dashboard/events/images?firmId=${encodeURIComponent(firmId)}`, file, onProgress);
