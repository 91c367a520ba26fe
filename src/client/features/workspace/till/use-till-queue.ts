import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TillSaleInput } from '../../../../shared/till';
import { useNetworkStore } from '../../../lib/network-status';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { tillProblem } from './till-problem';
import { askForBackgroundSync, sendQueuedSales } from './till-queue';
import { enqueueSale, forgetRefused, queuedSales, refusedSales, type RefusedSale } from '../../../../shared/till-store';

/**
 * The till's offline queue as the screen shows it: how many sales wait, which were refused for
 * good, and the sending, at the start and whenever the connection returns.
 */
/** One empty list while the store is read, so the banner's props stay the same between renders. */
const NONE_REFUSED: RefusedSale[] = [];

export function useTillQueue(firmId: string) {
  const { t } = useTranslation('workspace-till');
  const online = useNetworkStore((state) => state.online);
  const queryClient = useQueryClient();
  const queueKey = queryKeys.tillQueue(firmId);
  const stored = useQuery({
    queryKey: queueKey,
    queryFn: async () => {
      const [queued, refused] = await Promise.all([queuedSales(firmId), refusedSales(firmId)]);
      return { waiting: queued.length, refused };
    },
    // the device's own store: no network, no reason to read it again unless this screen changes it
    networkMode: 'always',
    staleTime: Infinity,
  });

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queueKey }), [queryClient, queueKey]);

  const send = useCallback(async () => {
    try {
      const sent = await sendQueuedSales(firmId, (error) => tillProblem(error, t));
      if (sent.length) {
        toast.success(t('offline.sent', { count: sent.length }));
        await queryClient.invalidateQueries({ queryKey: queryKeys.tillCatalogue(firmId) });
      }
    } finally {
      await refresh();
    }
  }, [firmId, queryClient, refresh, t]);

  useEffect(() => {
    if (online) send().catch(() => undefined);
  }, [online, send]);

  const enqueue = useCallback(
    async (input: TillSaleInput) => {
      await enqueueSale({ firmId, input });
      await refresh();
      await askForBackgroundSync();
    },
    [firmId, refresh],
  );

  const dismiss = useCallback(
    async (seq: number) => {
      await forgetRefused(seq);
      await refresh();
    },
    [refresh],
  );

  return { online, waiting: stored.data?.waiting ?? 0, refused: stored.data?.refused ?? NONE_REFUSED, enqueue, dismiss };
}
