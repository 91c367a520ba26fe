import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveMessage } from '../../../../shared/messages';
import { firmConversationsQuery } from '../../../lib/firm-inbox';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import styles from './shell.module.css';

/**
 * The nav's count of the firm's unread customer messages (the Customers entry): up to date on a
 * live `message` event of the firm (else polled every 30 s) and as soon as the inbox reads one;
 * nothing at 0.
 */
export function CustomersBadge({ firmId }: { firmId: string }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const refetchInterval = useLivePollInterval(30_000);
  const unread = useQuery({ ...firmConversationsQuery(firmId), refetchInterval, select: (list) => list.unread }).data ?? 0;
  useLiveEvent(
    'message',
    useCallback(
      (data: unknown) => {
        if ((data as LiveMessage).firmId === firmId) void queryClient.invalidateQueries({ queryKey: queryKeys.firmConversations(firmId) });
      },
      [queryClient, firmId],
    ),
  );
  if (unread <= 0) return null;
  return (
    <span className={styles.navBadge} data-testid="customers-unread">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="visually-hidden">{t('unread', { count: unread })}</span>
    </span>
  );
}
