import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesBucket } from '../../../../shared/sales-reports';

/** A bucket's first day (a calendar date) as its label: "31 Mar", "Week of 30 Mar", "March 2026". */
export function useBucketLabel(bucket: SalesBucket) {
  const { t, i18n } = useTranslation('workspace-reports');
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return (start: string) => {
      const date = new Date(`${start}T00:00:00Z`);
      if (bucket === 'month') return month.format(date);
      return bucket === 'week' ? t('weekOf', { date: day.format(date) }) : day.format(date);
    };
  }, [bucket, i18n.language, t]);
}
