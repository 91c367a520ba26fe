import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { calendarFeedQuery, useResetFeed } from '../api/calendar';
import ui from '../ui/workspace-ui.module.css';
import styles from './calendar.module.css';

/** The private feed's URL for a calendar app: copied, or replaced by a new one when it leaked. */
export function FeedPanel({ firmId }: { firmId: string }) {
  const { t } = useTranslation('workspace-bookings');
  const feed = useQuery(calendarFeedQuery(firmId));
  const reset = useResetFeed(firmId);
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? null;
  const makeNew = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t(url ? 'calendar.feed.reset' : 'calendar.feed.made'));
      },
      onError: () => toast.error(t('loadFailed')),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendar.feed.copied'));
    } catch {
      toast.error(t('calendar.feed.copyFailed'));
    }
  };
  return (
    <section className={ui.panel} aria-labelledby="feed-title">
      <h2 id="feed-title" className={ui.panelTitle}>
        {t('calendar.feed.title')}
      </h2>
      <p className={ui.muted}>{t('calendar.feed.lead')}</p>
      {feed.isError && <p role="alert">{t('loadFailed')}</p>}
      {url && (
        <div className={styles.feedRow}>
          <TextField id="feed-url" label={t('calendar.feed.url')} value={url} readOnly dir="ltr" onFocus={(e) => e.target.select()} />
          <Button onClick={() => void copy()}>{t('calendar.feed.copy')}</Button>
        </div>
      )}
      {feed.isSuccess && !url && (
        <Button variant="primary" disabled={reset.isPending} onClick={makeNew}>
          {t('calendar.feed.make')}
        </Button>
      )}
      {url && !confirming && (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('calendar.feed.resetAsk')}
        </Button>
      )}
      {url && confirming && (
        <div className={styles.feedRow} role="group" aria-labelledby="feed-reset-warning">
          <p id="feed-reset-warning">{t('calendar.feed.resetWarning')}</p>
          <Button variant="danger" disabled={reset.isPending} onClick={makeNew}>
            {t('calendar.feed.resetConfirm')}
          </Button>
          <Button onClick={() => setConfirming(false)}>{t('calendar.feed.keep')}</Button>
        </div>
      )}
    </section>
  );
}
